"""The layout rules a line meets before the counters (`line_layout.read_layout` asks them first):
headings, titles and sentences that open someone else's numbers (a paper's, a README's, an
expected output), data-set and model titles that scope the block below, split sentences and code
blocks, printed variables, a Chinese or English lead presenting the addressee's results
(`addressee.cjk_yours_lead`, `addressee.en_yours_lead`), a progress line naming the corpus a
retrieval run indexes (`corpus_lines`), headings and titles under them naming the section's data
set (`heading_datasets`), section banners ("===== Test =====", also behind a logger's time
stamp: "2016-06-14 08:22:54 :: ----- dev -----" opens the dev split's section). `prelude`
applies them; `prelude_may_apply` is their guard on a line's shape: `read_layout` skips
`prelude` on a shape no guard holds on, so a rule added here needs its guard there, and a state
it reads on any line must be in `line_layout.pending` (`tests/unit/metrics/test_fast_paths.py`
reads the corpus both ways). The patterns are in `layout.py`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from chalicelib.domain.metrics.addressee import cjk_yours_lead, en_yours_lead
from chalicelib.domain.metrics.corpus_lines import corpus_named
from chalicelib.domain.metrics.experiment_scopes import EXPERIMENT_MARK, experiment_named
from chalicelib.domain.metrics.heading_datasets import heading_dataset, heading_part
from chalicelib.domain.metrics.layout import (
    _AVERAGE_TITLE,
    _BANNER,
    _BULLET_TITLE,
    _CAPS_TITLE,
    _COUNTER,
    _DATASET_ASSIGN,
    _DATASET_LINE,
    _DATASET_NAMED,
    _DATASET_PROSE,
    _DATASET_SHAPED,
    _DATASET_TITLE,
    _EXAMPLE_LEAD,
    _HEADING,
    _LIST_FILE,
    _LONE_TITLE,
    _MODEL_LINE,
    _NOT_A_DATASET,
    _NOT_OBTAINED,
    _PARTITION_TITLE,
    _PRINTED_VARIABLE,
    _RATIO_HEADING,
    _REFERENCE_HEADING,
    _SAMPLE_FILE,
    _SEQUENCE_TITLE,
    _SOURCE_LEAD,
    _SPLIT_OF_WORD,
    MODEL_SCOPE,
    SAMPLE_FILE_ENDS,
    heading_split,
    inline_block_title,
    is_title_line,
    section_split,
)
from chalicelib.domain.metrics.metric_variants import decoding_title, with_decoding_method
from chalicelib.domain.metrics.partition_titles import PARTITION_BLOCK, sampled_partition
from chalicelib.domain.metrics.prose_splits import note_prose_split, prose_split_block
from chalicelib.domain.metrics.run_datasets import command_dataset, results_title_dataset
from chalicelib.domain.metrics.section_titles import (
    _RULES,
    _section_name,
    _stamped_banner,
    caps_section_title,
)
from chalicelib.domain.metrics.source_verbs import (
    SOURCE_HINTS,
    paper_labels,
    quoted_after_source_verb,
)
from chalicelib.domain.metrics.sources import (
    _OWN_WORD,
    _SOURCE_WORD,
    LEGEND_WORDS,
    is_reference_title,
    legend_labels,
    quoted_after_cjk_source,
    quoted_from_a_leaderboard,
    quoted_in_parentheses,
    source_title,
    source_title_with_settings,
    table_reference,
    trailing_source_label,
)
from chalicelib.domain.metrics.split_headings import (
    UNDERLINE,
    data_title_split,
    evaluated_split,
    last_sentence_split,
    lone_split_title,
    underlined_split,
)
from chalicelib.domain.metrics.superseded_titles import superseded_title
from chalicelib.domain.metrics.vocabulary import is_known_metric, sense_of

if TYPE_CHECKING:
    from chalicelib.domain.metrics.line_layout import LogState

_DIGIT = re.compile(r"\d")

# A source stating numbers: "your repository says you achieved", "the paper reports".
_SOURCE_SAYS = re.compile(
    r"(?i)\b(?:paper|readme|repo|repository|model[ -]card|leaderboard)\b[^.:]{0,60}?"
    r"\b(?:says?|claims?|claimed|states?|stated|reports?|reported|shows?|lists?|achieved?)\b"
)

# A sentence turning from quoted numbers back to the writer's own ("However, with the same
# script, I can only get EER 1.7073"): a quoted block (a title's, not a heading's section)
# ends there.
_OWN_TURN = re.compile(
    r"(?i)^(?:however|but|unfortunately|instead|yet)\b[^.?!:]{0,160}?\b(?-i:I|[Ww]e)\s++"
    r"(?:[a-z']++\s++){0,3}?(?:get|got|getting|obtain|obtained|achieve|achieved|reach|reached"
    r"|reproduce|reproduced|have|had)\b"
)

# A short title of the writer's own numbers, with no colon ("My experimental result", "Our
# results"): after a quoted block, the writer's own block starts here.
_OWN_TITLE = re.compile(
    r"(?i)^[*_]*+(?:my|our)\s++(?:own\s++)?+(?:[a-z\-]++\s++){0,2}?"
    r"(?:results?+|outputs?+|numbers|scores|logs?+)[*_]*+\s*+[.:]?+$"
)


def prelude(line: str, stripped: str, state: LogState) -> bool:
    """The rules of `read_layout` before the counters: True when the line is consumed.

    They are skipped on a line whose shape no guard of theirs holds on: a rule added here
    needs its guard in `prelude_may_apply`, and a state it reads on any line must be in
    `pending` (`tests/unit/metrics/test_fast_paths.py` reads the corpus both ways)."""
    inline: str | None = None
    if "{" in line and "}" in line and ":" in line:
        _note_printed_variables(line, state)
    if ("xampl" in line or "xpect" in line) and _EXAMPLE_LEAD.match(line):
        return True  # "Example result: {...}": a documented example's numbers
    if len(line) < 400 and ":" in line and _SOURCE_LEAD.match(line):
        return True  # "Paper: WER 3.4% and R-WER 8.3%": the paper's numbers
    if stripped[:1] in "iIt" and _RESTATES.match(stripped):
        if state.source_end_line == state.line_no - 1:
            return True  # "... the results in the paper" / "i.e. mIoU(c): 0.821": the paper's
    elif len(stripped) < 400 and not _DIGIT.search(stripped) and _ends_naming_source(stripped):
        state.source_end_line = state.line_no
    if state.reference_next:
        state.reference_next = False
        state.reference = state.reference_paragraph = True
    elif stripped[-1:] == ":" and len(stripped) < 800 and _source_sentence_last(stripped):
        state.reference_next = True
    if state.indented_split is not None and line[:1] not in (" ", "\t"):
        state.indented_split = None  # back at the margin: the indented code block has ended
    if stripped[:3] == "```" or state.prose_split is not None:
        prose_split_block(stripped, state)
        if stripped[:3] == "```" or (state.indented_split is not None and line[:1] == "."):
            return True
    elif "set" in line or "split" in line or "data" in line or "node" in line:
        if len(stripped) < 80 and (data_split := data_title_split(stripped)) is not None:
            state.block_split = data_split  # "Validation for train data": the block, train's
            return True
        note_prose_split(stripped, state)
    if len(stripped) < 25 and (lone := lone_split_title(stripped)):
        # "Val" alone above its block, then "Test" above its own: the block's split, up to a
        # blank line (as "Test set" above its lines; the block may open after one blank); a
        # split's name under another one is an item of a list ("Choose one:", "Train", "Val",
        # "Test"), no title of what follows
        in_list = lone_split_title(state.previous_line.strip()) is not None
        state.block_split = state.line_split = None if in_list else lone
        state.lone_split_line = state.line_no
        return True
    if "#" in line and len(line) < 80 and (heading_named := heading_dataset(line)):
        state.log_scope, state.block_scope = heading_named, None  # "# ogbn-mag数据集"
        state.log_scope_headed = True
    if "#" in line and len(line) < 200 and _HEADING.match(line):
        state.heading_line = state.line_no
        if not _COUNTER.search(line):
            state.headings += 1  # ("# epoch 2" marks progress, not another section)
        if line.strip(" \t#"):  # (a rule of hashes names no section: a quoted block goes on)
            state.reference = state.reference_section = bool(
                _REFERENCE_HEADING.match(line) or source_title(line)
            )
        if state.reference:
            return True
        if len(line) < 40 and (ratio := _RATIO_HEADING.match(line)):
            # "# 80-10-10": the values below are that partition's, whatever they name
            state.block_scope = state.sample_scope = ratio.group(1)
            return True
        if len(line) < 60 and (headed := heading_part(line)):
            state.block_scope = headed  # "## Class 4", "## Class macro avg": that part's block
            return True
        # a section named by a split ("### eng.train", "##### Epoch (VAL)2 #####") holds that
        # split's values, up to the next heading or title
        state.section_split = heading_split(line) or section_split(line)
    elif len(line) < 120 and line.lstrip()[:3] in _RULES and (banner := _BANNER.match(line)):
        # "++++ Valid Epoch 3 ++++": the section below is that split's (a counter in the
        # banner still counts as one, read below)
        state.section_split = section_split(banner.group(2))
    elif len(line) < 120 and line.lstrip()[:3] in _RULES and UNDERLINE.match(line):
        if state.context.pop(PARTITION_BLOCK, None) == state.block_scope:
            state.block_scope = None  # the "=====" under a POPE category's block
        # "Accuracies on split=valid" underlined by "-----": a section's title (its split's)
        titled, split = underlined_split(state.previous_line)
        if titled:
            state.section_split = split
    elif len(line) < 160 and line[:1].isdigit() and (banner := _stamped_banner(line)):
        # "2016-06-14 08:22:54 :: ----- dev -----": the same banner behind a logger's stamp
        state.section_split = section_split(banner.group(2))
    elif (
        (":" in line or "\uff1a" in line)
        and len(line) < 200
        and (is_title_line(line) or (inline := inline_block_title(line)) is not None)
    ):
        text = inline or line
        if not state.reference_section:
            state.reference = (
                is_reference_title(text) or source_title(text) == 1 or superseded_title(text)
            )
            state.reference_paragraph = False
        if state.reference:
            return True
        state.block_scope = None
        # ("I used my training set for evaluation ...; my scores are the following:")
        state.section_split = section_split(line) or evaluated_split(stripped)
    elif ("not " in line or "n't " in line) and len(line) < 300 and _NOT_OBTAINED.search(line):
        state.reference = True  # "I am not getting the following results ...": quoted
        return True
    elif stripped[-1:] == ":" and len(stripped) < 200 and source_title_with_settings(stripped):
        state.reference, state.reference_paragraph = True, False  # "... claims (beam = 5):"
        return True
    elif len(stripped) < 200 and source_title(stripped) == 2:
        state.reference = state.reference_paragraph = True  # "Result reported in the paper"
        return True
    elif ("ab" in line or "\u8868" in line) and table_reference(stripped):
        state.reference = state.reference_paragraph = True  # "Compared with Table 1 ..."
        return True
    elif stripped[-1:] == ":" and len(stripped) < 800 and (said := last_sentence_split(stripped)):
        state.section_split = said  # "... Here are the metrics for the val split on coco:"
    if not line.isascii() and len(line) < 80 and cjk_yours_lead(stripped):
        if not state.reference_section:  # "而你实验得到的D3版本为": the addressee's block
            state.reference, state.reference_paragraph = True, False
        return True
    if len(stripped) < 120 and ("you" in stripped or "You" in stripped) and en_yours_lead(stripped):
        if not state.reference_section:  # "You write about having": the addressee's numbers
            state.reference = True
            state.reference_paragraph = not stripped.endswith((":", "\uff1a"))
        return True
    if ("(" in line or "\uff08" in line) and len(line) < 400 and quoted_in_parentheses(line):
        return True  # "lower than the official (MMLU=64.1, TydiQA=35.7)": a source's numbers
    if not line.isascii() and len(line) < 400 and quoted_after_cjk_source(line):
        return True  # "和公布的 EER = 0.86% 相去甚远": the published numbers
    if "](" in line and len(line) < 600 and quoted_from_a_leaderboard(line):
        return True  # "X is number one in [board](.../leaderboard) with acc = 79.5%"
    if any(h in line for h in SOURCE_HINTS) and quoted_after_source_verb(line):
        return True  # "For example, the paper reports FID=4.30 for this model:"
    if stripped[-1:] == ")" and len(line) < 400 and trailing_source_label(stripped):
        return True  # "box AP 40.9, mask AP 36.4 (detectron repo official results)"
    if len(line) < 400 and LEGEND_WORDS.search(line):
        state.context.setdefault("quoted_labels", set()).update(legend_labels(line))
    if "paper" in line and (papers := paper_labels(line)):
        state.context.setdefault("quoted_labels", set()).update(papers)  # "the X paper's result"
    if stripped.startswith("...") and len(stripped) < 48:
        title = _SEQUENCE_TITLE.match(stripped)
        if title and _DATASET_SHAPED.search(title.group(1)):
            state.block_scope = title.group(1)
            return True
    if "amples" in line and (sampled := sampled_partition(line)):
        state.block_scope = state.context[PARTITION_BLOCK] = sampled  # "Category: popular, ..."
        return True
    if len(stripped) < 40 and (part := _PARTITION_TITLE.match(line) or _AVERAGE_TITLE.match(line)):
        state.block_scope = part.group(1)  # "Category C:", "Micro avg": the block's part
        return True
    if (
        ("list" in line or "rial" in line)
        and len(line) < 400
        and (listed := _LIST_FILE.match(line))
        and ("list" in listed.group(1).lower() or "trial" in listed.group(1).lower())
        and listed.group(2).lower() not in _SPLIT_OF_WORD
    ):
        state.block_scope = listed.group(2)  # "list_im_file: .../test0_normal.txt"
        return True
    if len(line) < 80 and line.rstrip().endswith(":"):
        title = _DATASET_TITLE.match(line)
        name = title.group(1) if title else ""
        if _DATASET_SHAPED.search(name) and name.lower() not in _SPLIT_OF_WORD:
            state.block_scope = name
            return True
        if not title and (bullet := _BULLET_TITLE.match(line)) and _section_name(bullet.group(1)):
            state.block_scope = bullet.group(1)
            return True
    if (
        len(stripped) < 40
        and ("-" in stripped or "_" in stripped)
        and _LONE_TITLE.match(stripped)
        and not _COUNTER.search(stripped)
        and not is_known_metric(stripped)
    ):
        if state.heading_line == state.line_no - 1:
            # "WMT14-newstest2015en_de" right under a heading: the section's data set
            state.log_scope, state.block_scope = stripped, None
            state.log_scope_headed = True
            return True
        state.block_scope = stripped  # "MOT17-02-DPM" above its sequence's table
        state.lone_title_line = state.line_no  # (Qwen2.5-Math: the name, a blank, its JSON)
        return True
    if (
        len(stripped) < 48
        and state.blank_line == state.line_no - 1
        and _CAPS_TITLE.match(stripped)
        and caps_section_title(stripped)
    ):
        state.log_scope, state.block_scope = stripped, None  # "MS-MARCO Passage": a section
        state.log_scope_headed = False
        return True
    if (
        len(stripped) < 90
        and " " not in stripped
        and "." in stripped
        and stripped.rstrip(":").lower().endswith(SAMPLE_FILE_ENDS)
        and (sample := _SAMPLE_FILE.match(stripped))
    ):
        # "img0001.nii.gz" above that case's values: every value below is that sample's
        state.block_scope = state.sample_scope = sample.group(1)
        return True
    if len(line) < 200 and "odel" in line and (model := _MODEL_LINE.match(line)):
        state.block_scope = MODEL_SCOPE + model.group(1)  # "Model name: resnet18": its block
        return True
    if len(line) < 100 and ("ata" in line or "ATA" in line or "=" in line):
        named = _DATASET_LINE.match(line) or _DATASET_ASSIGN.match(line)
        if named is None and ("ata" in line or "ATA" in line):
            named = _DATASET_NAMED.match(line)
            word = named.group(1).lower() if named else ""
            if word in _NOT_A_DATASET or word in _SPLIT_OF_WORD or word in ("the", "full"):
                named = None  # "Test dataset", "The dataset": no data set's name
        if named:
            state.log_scope, state.block_scope = named.group(1), None
            state.log_scope_headed = False
            return True
    if stripped[-1:] == ":" and (method := decoding_title(stripped)):
        # "This is a result for modified beam search with beam=4, ...:": that method's values
        state.log_scope = with_decoding_method(state.log_scope, method)
        state.block_scope, state.log_scope_headed = None, False
    if "--dataset" in line and (commanded := command_dataset(line)):
        state.log_scope, state.block_scope = commanded, None  # "python main.py --dataset cora"
        state.log_scope_headed = False
    if ":" in stripped[-4:] and (results_on := results_title_dataset(stripped)):
        state.log_scope, state.block_scope = results_on, None  # "Results (scifact):"
        state.log_scope_headed = False
    if len(line) < 400 and (
        ("ata" in line and ("set" in line or "Set" in line or "SET" in line)) or "ategor" in line
    ):
        for prose in _DATASET_PROSE.finditer(line):
            word = prose.group(1) or prose.group(2)
            if word.lower() not in _NOT_A_DATASET and word.lower() not in _SPLIT_OF_WORD:
                state.log_scope, state.block_scope = word, None
                state.log_scope_headed = False
    if EXPERIMENT_MARK in line and len(line) < 400 and (experiment := experiment_named(line)):
        state.log_scope, state.block_scope = experiment, None  # "For the ARC-ARC experiment,"
        state.log_scope_headed = False
    if (
        len(line) < 200
        and ("orpus" in line or "ollection" in line)
        and (corpus := corpus_named(line))
    ):
        state.log_scope, state.block_scope = corpus, None  # "Indexing the SciFact corpus..."
        state.log_scope_headed = False
    if (
        state.reference
        and not state.reference_section
        and (_OWN_TURN.match(stripped) or (len(stripped) < 60 and _OWN_TITLE.match(stripped)))
    ):
        # "However, I can only get ...", "My experimental result": the writer's own numbers
        state.reference = state.reference_paragraph = False
    return state.reference


def prelude_may_apply(line: str, stripped: str) -> bool:
    """Does a guard of a rule of `prelude` hold on this line (with no state pending)? Errs
    on the side of True: a rule whose last test depends on more than the shape (a word's
    meaning, `is_known_metric`) counts as applying once its shape tests hold."""
    return bool(
        ("{" in line and "}" in line and ":" in line)
        or "xampl" in line
        or "xpect" in line
        or (len(line) < 400 and ":" in line and _SOURCE_LEAD.match(line))
        or (stripped[:1] in "iIt" and _RESTATES.match(stripped))
        or (len(stripped) < 400 and not _DIGIT.search(stripped) and _ends_naming_source(stripped))
        or stripped[-1:] == ":"
        or stripped[:3] == "```"
        or (
            ("set" in line or "split" in line or "data" in line or "node" in line)
            and len(stripped) <= 300
            and not any(c.isdigit() for c in stripped)
        )
        or ("#" in line and len(line) < 200 and _HEADING.match(line))
        or (len(stripped) < 25 and lone_split_title(stripped) is not None)
        or ("#" in line and len(line) < 80 and heading_dataset(line) is not None)
        or (len(line) < 120 and line.lstrip()[:3] in _RULES and _BANNER.match(line))
        or (len(line) < 120 and line.lstrip()[:3] in _RULES and UNDERLINE.match(line))
        or (len(line) < 160 and line[:1].isdigit() and _stamped_banner(line) is not None)
        or (
            (":" in line or "\uff1a" in line)
            and len(line) < 200
            and (is_title_line(line) or inline_block_title(line) is not None)
        )
        or (("not " in line or "n't " in line) and len(line) < 300 and _NOT_OBTAINED.search(line))
        or (len(stripped) < 200 and source_title(stripped) != 0)
        or (("ab" in line or "\u8868" in line) and table_reference(stripped))
        or (("(" in line or "\uff08" in line) and len(line) < 400 and quoted_in_parentheses(line))
        or (not line.isascii() and len(line) < 400 and quoted_after_cjk_source(line))
        or "](" in line
        or (any(h in line for h in SOURCE_HINTS) and quoted_after_source_verb(line))
        or (stripped[-1:] == ")" and len(line) < 400 and trailing_source_label(stripped))
        or (not line.isascii() and len(line) < 80 and cjk_yours_lead(stripped))
        or (
            len(stripped) < 120
            and ("you" in stripped or "You" in stripped)
            and en_yours_lead(stripped)
        )
        or (len(line) < 400 and LEGEND_WORDS.search(line))
        or ("paper" in line and bool(paper_labels(line)))
        or (stripped.startswith("...") and len(stripped) < 48)
        or (len(stripped) < 48 and _CAPS_TITLE.match(stripped) is not None)
        or (len(stripped) < 40 and (_PARTITION_TITLE.match(line) or _AVERAGE_TITLE.match(line)))
        or ("amples" in line and sampled_partition(line) is not None)
        or (("list" in line or "rial" in line) and len(line) < 400 and _LIST_FILE.match(line))
        or (len(line) < 80 and line.rstrip().endswith(":"))
        or (
            len(stripped) < 40
            and ("-" in stripped or "_" in stripped)
            and _LONE_TITLE.match(stripped)
        )
        or (len(stripped) < 90 and " " not in stripped and "." in stripped)
        or (
            len(line) < 200
            and ("orpus" in line or "ollection" in line)
            and corpus_named(line) is not None
        )
        or (len(line) < 200 and "odel" in line and _MODEL_LINE.match(line))
        or "--dataset" in line  # (`command_dataset` reads "python3": no digit-zeroed shape)
        or (":" in stripped[-4:] and results_title_dataset(stripped) is not None)
        or (
            len(line) < 100
            and ("ata" in line or "ATA" in line or "=" in line)
            and (
                _DATASET_LINE.match(line)
                or _DATASET_ASSIGN.match(line)
                or _DATASET_NAMED.match(line)
            )
        )
        or (EXPERIMENT_MARK in line and len(line) < 400 and experiment_named(line) is not None)
        or (
            len(line) < 400
            and (
                ("ata" in line and ("set" in line or "Set" in line or "SET" in line))
                or "ategor" in line
            )
            and _DATASET_PROSE.search(line)
        )
    )


def _source_sentence_last(stripped: str) -> bool:
    """Does a line of prose with numbers end with a sentence that introduces someone else's
    numbers ("I reach Prec@1 50.7. However, your repository says you achieved :")? The
    paragraph after it quotes them. The sentence must say the source states them ("Most
    results align with the paper:" compares instead). (A whole title line: `source_title`.)"""
    cut = max(stripped.rfind(". "), stripped.rfind("? "), stripped.rfind("! "))
    if cut < 0 or not _DIGIT.search(stripped, 0, cut):
        return False
    tail = stripped[cut + 2 :]
    return source_title(tail) == 1 and _SOURCE_SAYS.search(tail) is not None


# A line that restates what the line before it ended with: "i.e. ...", "that is, ...".
_RESTATES = re.compile(r"(?i)(?:i\.?+e\.|that\s++is\b)")
_LAST_WORDS = 5


def _ends_naming_source(stripped: str) -> bool:
    """Do the last words of a digit-free line name someone else's numbers and not the writer's
    ("... how to achieve the results in the paper")?"""
    tail = " ".join(stripped.rstrip(" .:,;").split()[-_LAST_WORDS:])
    return _SOURCE_WORD.search(tail) is not None and _OWN_WORD.search(tail) is None


def _note_printed_variables(line: str, state: LogState) -> None:
    """A format string in the pasted code that prints a variable under a bare split name
    (`print(f'... Val: {val_mae:.4f}, Test: {test_mae:.4f}')`): the values printed as `Test:`
    are that variable's (`test_mae`, an MAE), not the run's main score."""
    for label, variable in _PRINTED_VARIABLE.findall(line):
        label_sense, variable_sense = sense_of(label), sense_of(variable)
        if (
            label_sense.base is None
            and label_sense.split is not None
            and variable_sense.base is not None
            and variable_sense.split == label_sense.split
        ):
            printed = state.slot("printed_as", dict)
            if len(printed) < 64:
                printed[label] = variable
