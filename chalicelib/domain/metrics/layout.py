"""What a line's layout says about the numbers on it, for every reader (`engine.py` applies
it): progress counters (running values and per-batch values), the split a line or a title
names, a data set a title or a `Dataset:` line names, a title introducing someone else's
numbers, the lines a pasted excerpt leaves out. README "Running values"; tests in
`tests/unit/metrics/test_engine_rules.py` and `test_scoping_rules.py`.

Pure data, no I/O.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.sources import is_reference_title
from chalicelib.domain.metrics.split_headings import (
    _SPLIT_OF_WORD as _SPLIT_OF_WORD,
)
from chalicelib.domain.metrics.split_headings import heading_split as heading_split
from chalicelib.domain.metrics.split_headings import section_split as section_split

_ANSI = re.compile(r"\x1b\[[0-9;?]*+[A-Za-z]")
# Markdown emphasis around a number ("%WER = **53.34**", "BLEU = __37.04__"): the number.
_EMPHASIS = re.compile(r"(?<![*_\w])(\*\*|__)([-+]?+\d++(?:\.\d++)?+%?+)\1(?![*_\w])")
# Bold around words ("**recall**@20: 0.2258", "**eval mAP: 0.58**"): the words. The opening
# `**` follows no word character (`2**10` is a power) and the closing one precedes none.
_BOLD = re.compile(r"(?<![\w*])\*\*(?=[^\s*])([^*]++)(?<=\S)\*\*(?![\w*])")
# Bold opened on one line and closed on a later one ("**image_AUROC 0.945" then
# "pixel_AUROC 0.98**"): a leading or trailing `**` left alone on a line is dropped.
_BOLD_EDGE = re.compile(r"^(\s*+)\*\*(?=[^\s*])|(?<=[^\s*])\*\*(?=\s*+$)")
# An HTML formatting tag closed on the same line around its text (GitHub's `<ins>0.70</ins>`,
# `<b>AP</b>`): the text. A tag left unclosed is not formatting (ESPnet's `<sub> <del> <ins>`
# column names).
_HTML_EMPHASIS = re.compile(r"<(ins|u|b|i|em|strong|mark|code|kbd)>([^<>]{0,200}+)</\1>")
# A batch counter without its total ("batch28 || Test WER: 0.98", "Batch 12: acc 0.7"): the
# values of one batch of a pass in progress, none of them a result.
_BATCH_COUNTER = re.compile(
    r"(?i)(?=b)(?<![a-z_/])(?<!per )batch(?:[ _]?+(?:idx|id|no|num))?+\s*+[#:]?+\s*+\d"
)
_BRACKET_COUNTER = re.compile(r"\[\s*+(\d++)\s*+/\s*+(\d++)\s*+\]")
# A batch counter written without brackets: "iter 16224/20311" (tflearn), "batch 150/725",
# OpenNMT's "Epoch  3,   150/  725;"; an evaluation loop's count of the items done so far
# ("video 1088 done, total 1088/19799, ... moving Prec@1 52.857", detectron2's "Inference done
# 4530/4533"). (A run's global "iteration 204/250000" is a running counter, not a batch of a
# pass: its last values are the run's.)
_WORD_COUNTER = re.compile(
    r"(?i)(?=[ibed])(?:(?<![a-z])(?:iter|batch|batches)\s*+[:=#]?+\s*+|(?<![a-z])epoch\s*+\d++\s*+,\s*+"
    r"|(?<![a-z])done\s*+[,:]?+\s*+(?:total\s*+[:=]?+\s*+)?+)"
    r"(\d++)\s*+/\s*+(\d++)(?![\d.])"
)
# A bracketed count right after a rate is that rate's numerator and denominator, not a
# progress counter: Kaldi's compute-wer prints "%SER 80.00 [ 8 / 10 ]".
# So does a bracketed count right after the word "epoch": "Epoch [38/200] train_loss: ..." counts
# epochs (its values are running ones, the last is the run's), not batches of one pass.
_RATE_BEFORE = re.compile(r"\d\.\d++%?+\s*+$|(?i:(?<![a-z])epoch)\s*+[:#]?+\s*+$")
# A counter of a run in progress: "Epoch 5", "epoch: [3]", "Step 5000", "iter 1000",
# "Episode 100", "global_step=...", "'epoch': 0.5", "Epoch 00199 |", "[Epoch 3/50]"; and a
# threshold sweep ("thr 0.5:precision:... hmean:..."), whose points are no final result;
# Marian's "Ep. 2 : Up. 40000 :"; a table row "| iterations | 243 |" (SB3's logger dump: the
# values printed between two dumps are running ones); a line led by its count ("- 50K
# iteration: PSNR=38.11", "300 epochs: acc 0.91", a heading "### 21 Epochs with train loss
# 0.7675 : BLEU = 32.81"), a run's values reported at that point of training; a line led by the
# run's elapsed time in hours and minutes ("Time 09h 45m 54s, Avg Reward 0.016, ..."), a
# periodic report of a run in progress (a wall-clock "Time: 15:05:45" is no such counter).
# A number of epochs ("epochs = 25", "epochs: 300") is a setting, a run's length, not the
# epoch it is at (that one is singular: "epoch = 3.0"; or a fraction: "Epochs: 3/50").
_COUNTER = re.compile(
    r"(?i)(?<![a-z_])(?:(?:epoch(?!s[ \t]*+[:=][ \t]*+\d++(?![\d.]*+[ \t]*+/))"
    r"|ep|step|iter|iteration|episode|global_step|update|round|it|"
    r"thr|threshold)s?+\.?+|up\.)"
    r"['\"]?+\s*+[:=#|]?+\s*+[\[(]?+\s*+\d"
    r"|^[\s*>+#-]*+\d++[km]?+\s*+(?:iterations?+|iters?+|epochs?+|steps?+)"
    r"(?:\s++with\s[^:\n]{0,60}+)?+\s*+:"
    r"|^[\s*>+\-\[]*+(?:elapsed(?:[ _]time)?+|time(?:[ _]elapsed)?+)\s*+[:=]?+\s*+"
    r"(?:\d++\s*+d\s*+)?+\d++\s*+h(?:ours?+|rs?+)?+\s*+\d++\s*+m"
    # PyTorch's tutorial loop, `print(f"[{epoch + 1}, {i + 1:5d}] loss: ...")`: epoch, batch
    r"|^\s*+\[\s*+\d++\s*+,\s*+\d++\s*+\]"
    # YOLACT's training line, `[%3d] %7d ||` (epoch, iteration) before its losses
    r"|^\s*+\[\s*+\d++\]\s++\d++\s*+\|\|"
)
# Split named at the start of a line (after a log prefix): "Test:", "Test set:", "[EVAL]",
# "Validation results", "Eval results -", "Test results:".
_LINE_SPLIT = re.compile(
    r"(?i)^(?:\W|\d|INFO|DEBUG|WARNING)*+(?:(?:best|final|last)\s++)?+"
    r"(test|testing|val|valid|validation|eval|evaluation|dev|train|training)"
    r"(?:\s++(?:set|results?|metrics?|subset))?+(?:\s++(?:scores?|results?|metrics?))?+"
    r"\s*+[:\]\-|]"
)
# A bare split word and a colon leading a line ("val:Test MAE: 21.80", "test: Test acc 0.91"):
# the split of every value on it, whatever split the names say.
_SPLIT_PREFIX = re.compile(r"(?i)^\s*+(test|val|valid|validation|dev|train)\s*+:(?!\s*+[-+]?+\d)")
# A split word leading a line of `name: value` pairs: "train Loss: 0.5053 Top-1 Acc: 83.5682"
# (PyTorch's transfer-learning tutorial prints `{phase} Loss: ... Acc: ...` per phase).
_LINE_SPLIT_PAIRS = re.compile(
    r"(?i)^(?:\W|\d|INFO|DEBUG|WARNING)*+"
    r"(test|testing|val|valid|validation|eval|evaluation|dev|train|training)\s++"
    r"(?=[a-z][\w@\-]*+(?:\s[\w@\-]++){0,3}\s*+[:=]\s*+[-+]?\d)"
)
# A line that is only a data set's name and a colon ("ETTh2:", "CIFAR10:", "test-clean:")
# titles the block below it, up to a blank line or the next title: its values are that data
# set's. The name has a digit or an inner capital, so "Results:" or "Summary:" title nothing.
_DATASET_TITLE = re.compile(r"^\s*+([A-Za-z][A-Za-z0-9.\-_]{0,38}[A-Za-z0-9])\s*+:\s*+$")
# The MOTChallenge devkit's per-sequence title ("\t... MOT16-02", evaluateTracking.m's
# fprintf('\t... %s\n', seqName)): the block below it, up to a blank line, is that sequence's.
_SEQUENCE_TITLE = re.compile(r"^\s*+\.\.\.\s++([A-Za-z][A-Za-z0-9.\-_]{0,38}[A-Za-z0-9])\s*+$")
# A line that is only a data set's, sequence's or subset's name with a digit and a separator,
# without a colon ("MOT17-02-DPM", "VOC2007_test", "split-3") titles the block below it (a
# per-sequence table under each name), up to a blank line or the next title. So does a
# lower-case task name of three or more parts ("gaokao_math_cloze" above its result JSON,
# Qwen2.5-Math's per-data-set summaries), whose block may open after one blank line.
_LONE_TITLE = re.compile(
    r"^(?:(?=[^\d\s]*+\d)[A-Za-z][A-Za-z0-9]*+(?:[-_][A-Za-z0-9]++)++"
    r"|[a-z][a-z0-9]*+(?:_[a-z0-9]++){2,}+)$"
)
# A heading that is only a split ratio ("# 80-10-10", "## 70_15_15"): the block below is that
# partition's (up to a blank line or the next heading).
_RATIO_HEADING = re.compile(r"^\s*+(?:#++\s*+)++(\d{1,3}+(?:[-_/:]\d{1,3}+){1,3}+)\s*+#*+\s*+$")
# A line that is only the file name of one sample (an image, a volume, a clip: "img0001.nii.gz",
# "case_00012.nii.gz:", "frame_0042.png") titles the block below it, up to a blank line: its
# values are that sample's (a per-case evaluation), never the data set's aggregate.
SAMPLE_FILE_ENDS = (
    ".nii", ".nii.gz", ".mha", ".mhd", ".nrrd", ".dcm", ".png", ".jpg", ".jpeg", ".bmp", ".tif",
    ".tiff", ".wav", ".flac", ".mp3", ".mp4", ".avi", ".npy", ".npz", ".ply", ".pcd",
)  # fmt: skip
_SAMPLE_FILE = re.compile(r"^\s*+([\w\-]{1,80}+(?:\.[A-Za-z]{2,4}+){1,2}+)\s*+:?+\s*+$")
# A title naming one part of the data ("Category C:", "Class 3:", "Fold 2:"): the block below
# it, up to a blank line, is that part's (a per-class or per-fold row, never the aggregate).
_PARTITION_TITLE = re.compile(
    r"(?i)^\s*+(?=[cf])((?:class|category|fold)\s*+[#:]?+\s*+[\w.\-]{1,30}+)\s*+:\s*+$"
)
# A title naming an average, alone on its line ("Micro avg", "Macro average:"): the block
# below it holds that average's values (scikit-learn-like reports printed one value a line).
_AVERAGE_TITLE = re.compile(
    r"(?i)^\s*+(?=[mws])((?:micro|macro|weighted|samples)[ _-]?+(?:avg|average)?+)\s*+:?+\s*+$"
)
# A short line of capitalised words after a blank line that names a data set or collection
# ("MS-MARCO Passage", "Natural Questions (NQ)", "Trivia QA"): the title of a section of a
# report evaluating several data sets one after another. What follows, across blank lines and
# up to the next such title or a heading, is that data set's. One word at least must be shaped
# like a data set's name: an acronym, an inner capital or a digit.
_CAPS_TITLE = re.compile(
    r"^(?:[A-Z][A-Za-z0-9\-]*+|\([A-Z][A-Za-z0-9\-]*+\))"
    r"(?: (?:[A-Z][A-Za-z0-9\-]*+|\([A-Z][A-Za-z0-9\-]*+\)|of|on|and|the|for|in)){1,3}+$"
)
_NAME_SHAPED = re.compile(r"[A-Z][A-Z]|[a-z][A-Z]|\d")
_DATASET_SHAPED = re.compile(r"\d|^.[^A-Z]*[A-Z]")
# A list item that only names what its nested items are of ("* LibriSpeech test-clean:",
# "- Emilia EN:"): the items below it, up to the next such title or a blank line, are that
# data set's or section's. A parenthesis after the name gives the run's settings or system
# ("- MS MARCO passage BM25 tuned (k1=0.82, b=0.68):", "- NFCorpus dense (Contriever):"): the
# section is the name's, and the settings are no results.
_BULLET_TITLE = re.compile(
    r"^\s*+[*\-+]\s++([A-Za-z][A-Za-z0-9.\-_/ ]{0,46}[A-Za-z0-9])(?:\s*+\([^()]{1,60}+\))?+"
    r"\s*+:\s*+$"
)
# Words of a list title that make it no data set's name ("* Test results:", "- Our scores:").
_NOT_A_SECTION = frozenset(
    {"result", "results", "metric", "metrics", "score", "scores", "evaluation", "summary",
     "setting", "settings", "config", "configuration", "note", "notes", "details", "output"}
)  # fmt: skip
# "Dataset: earnings22-debug", "dataset = ogbn-arxiv": what follows is that data set's.
_DATASET_LINE = re.compile(
    r"(?i)^[\s#>*-]*+(?:dataset|data set|dataset[ _]name)\s*+[:=]\s*+['\"]?+"
    r"([A-Za-z0-9][\w.\-/+]{0,60})['\"]?+,?+"
    # a Markdown report's links after the name ("Dataset: Scifact [Homepage](https://...)\")
    r"(?:\s*+\[[^\]]{0,40}+\]\([^)\s]{0,200}+\))*+\s*+\\?+\s*+$"
)
# A line naming the model (or checkpoint) whose evaluation follows: "Model name: resnet18",
# "Evaluating model: ./checkpoint/social-stgcnn-eth" (a path: its last part names it). Scripts
# that loop over models or checkpoints print one per block; the block's values are that one's.
# (A bare "Model: X" is a header field its tool's reader reads: OpenCompass' raw format.)
_MODEL_LINE = re.compile(
    r"(?i)^[\s#>*-]*+(?:(?:evaluating|testing|evaluated|tested)\s++model|model[ _]name)"
    r"\s*+[:=]\s*+['\"]?+(?:[\w.\-]*+/)*+([A-Za-z][\w.\-+]{0,60}+)['\"]?+\s*+$"
)
# The scope such a line gives its block's values: "model resnet18/Top1". A model, not a data
# set: it never makes a value another data set's (`claim_scopes.dataset_scopes`).
MODEL_SCOPE = "model "
# A line that only names a data set ("COCO dataset", "Results on the Flickr30k dataset:",
# "## ImageNet data set"): what follows, up to another such line, is that data set's.
_DATASET_NAMED = re.compile(
    r"(?i)^[\s#>*=\-]*+(?:(?:results?+\s++|evaluat\w*+\s++)?+(?:on|for)\s++(?:the\s++)?+)?+"
    r"([A-Za-z][\w.\-+]{0,40}+)\s++data[ \-]?+set\s*+[:.]?+[\s=*#\-]*+$"
)
# A shell line setting the data set, scene or task a script runs next ("export SCENE=horns;
# EXP_NAME=...", "DATASET=ETTh1"): what follows is that one's (NeRF / 3DGS scripts loop over
# scenes; their results are pasted below each run's command).
_DATASET_ASSIGN = re.compile(
    r"(?i)^[\s#>]*+(?:export\s++)?+(?:dataset|scene|task)(?:_?+name)?+=['\"]?+"
    r"([A-Za-z0-9][\w.\-]{0,60}+)['\"]?+\s*+(?:;|$)"
)
# A sentence naming the data set what follows was measured on: "I also tested on Duke dataset,
# but ...", "results on the Market1501 dataset:", "Grid Search Complete for combined dataset".
# Words that name no data set are left out.
# So does a quoted category ('results in the "cable" detection category are'): an anomaly or
# per-category benchmark's subset.
_DATASET_PROSE = re.compile(
    r"(?i)(?=[oif])(?<![\w])(?:on|in|for)\s++(?:the\s++)?+"
    r"(?:([A-Za-z][\w\-]{1,30}+)\s++data[ -]?+set\b"
    r"|[\"'\u201c]([A-Za-z][\w\-]{1,30}+)[\"'\u201d]\s++(?:[a-z]++\s++)?+categor(?:y|ies)\b)"
)
_NOT_A_DATASET = frozenset(
    {"this", "that", "my", "our", "your", "their", "same", "whole", "full", "custom", "own", "new",
     "another", "different", "public", "entire", "each", "every", "any", "a", "an", "small",
     "large", "other", "which", "given", "original", "real", "synthetic", "target", "source"}
)  # fmt: skip
# A split named later on a line, before its results: "INFO test result: {...}", "best valid :
# OrderedDict([...])" (RecBole), "Validation results:" ending a title line, whose split is then
# the next line's ("valid result: " then "recall@10 : 0.83    ndcg@10 : 0.69").
# ("test-dev" first: COCO's and VQA's test-dev split is a test split, never "dev")
_SPLIT_WORDS_RE = (
    r"(test[-_ ]dev|test|testing|val|valid|validation|eval|evaluation|dev|train|training)"
)
_SPLIT_HEAD = re.compile(
    r"(?i)(?=[tved])(?<![a-z_])"
    + _SPLIT_WORDS_RE
    + r"(?:[ _]++(?:set|results?+|metrics|subset)\s*+:|\s*+:\s*+(?=\{|OrderedDict\())"
)
_SPLIT_TITLE = re.compile(
    r"(?i)(?=[tved])(?<![a-z_])" + _SPLIT_WORDS_RE + r"(?:[ _]++(?:set|results?+|metrics|subset))?+"
    r"\s*+:\s*+$"
)
# A title whose colon opens a block of values on the same line ("Results in Table 2:
# `"scores": {" with the values on the lines below): the title is the text up to the colon.
_INLINE_BLOCK_TITLE = re.compile(
    r"^([^:\uff1a`{\[\d]{0,120}+(?:\d++[^:\uff1a`{\[\d]{0,40}+)?+[:\uff1a])\s*+`?+\s*+"
    r"(?:[\"'][\w\- ]{1,60}+[\"']\s*+:\s*+)?+[{\[]\s*+$"
)
# A sentence that introduces numbers the writer did NOT obtain ("I am not getting the following
# results when I run the test as per README."): the block below is the expected output, not
# this run's, up to the next title or heading (where the writer's own numbers start).
_NOT_OBTAINED = re.compile(
    r"(?i)(?=[nuf])(?:\bnot|n't|\bunable\s++to|\bfail(?:ed)?+\s++to)\s++(?:be\s++able\s++to\s++)?+"
    r"(?:get|getting|got|obtain|obtaining|reach|reaching|reproduce|reproducing|achieve|achieving)"
    r"\s++(?:the\s++|these\s++|those\s++)?+(?:following|below|same|expected)\s++"
    r"(?:[a-z]+\s+)?(?:results?|numbers?|scores?|metrics?|output|accuracy|performance)\b"
)
# A line led by "Example result:" / "Expected output =" with values after it prints a documented
# example of a tool's output (a README's placeholder numbers), not this run's. (A bare "Example
# output:" title is often the writer's own run below it: no rule.) A bare "Expected:" leading
# values ("Expected: Bleu_4: 62.3 METEOR: 39.2" under the writer's "RESULTS: ..." line) is the
# paper's or README's numbers the run is compared with.
_EXAMPLE_LEAD = re.compile(
    r"(?i)^[\s>*_\-#`]*+(?:an?\s++|the\s++)?+(?:(?:example|expected)[\s_]++"
    r"(?:results?|outputs?|scores?|metrics?)|expected[*_]*+)\s*+[:=](?=.*\d)"
)
# A line led by a label naming someone else's numbers, values after it ("Paper: WER 3.4% and
# R-WER 8.3%", "On Paper : ROUGE-F(1/2/l): 43.25/...", "- Official results: 76.1"): quoted
# beside the writer's own line ("Mine: WER 3.8%").
_SOURCE_LEAD = re.compile(
    r"(?i)^[\s>*_\-]*+(?:(?:on|in|from|per)\s++)?+(?:the\s++)?+"
    r"(?:paper|reported|official|published|claimed|original)"
    r"(?:\s++(?:results?+|numbers?+|scores?+|values?+))?+[*_]*+\s*+[:=](?=.*\d)"
)
# A Markdown heading, or a banner ("##### Our implementation #####"): a section of a report.
# A heading that names other people's numbers ("### Baselines:", "## Reported results") opens
# a reference section that lasts up to the next heading or banner, across its sub-titles
# ("**SEGAN:**"); any other heading ends it. Two or more hashes glued to a capitalised word
# ("##BUT", "###Results") are a heading its writer typed without the space.
_HEADING = re.compile(
    r"^(?:\[[^\]]{1,60}+\]\s*+)?+[\s_*]*+(?:#{1,6}+(?:\s|$)|#{7,}+|#{2,6}+(?=[A-Z][A-Za-z]))"
)
# A title between two rules of one character ("++++ Valid Epoch 3 ++++", "===== Test ====="):
# a banner opening a section, like a heading.
_BANNER = re.compile(
    r"^\s*+([+=*~-])\1{2,}+\s*+([A-Za-z][\w()./]*+(?:\s++[\w()./]++)*+)\s*+\1{3,}+\s*+$"
)
# A reference heading (see `_HEADING`); an issue template's "## Expected behavior" section
# (detectron2's, PyTorch's, most bug templates) is one too: what the writer expected, not
# what the run printed.
_REFERENCE_HEADING = re.compile(
    r"(?i)^[\s_*#]*+(?:baselines|(?:reported|paper|published|official)\s++(?:results|scores|numbers)"
    r"|expected\s++(?:behaviou?+rs?+|results?+|outputs?+|performance))"
    r"\b[^0-9]*+$"
)
_TITLE_LINE = re.compile(r"^[^0-9:]*+:[*_\s]*+$")


def is_title_line(line: str) -> bool:
    """A title ("Results:"), or a reference title with a number in it ("The result in
    Tutorial 4:")."""
    return _TITLE_LINE.match(line) is not None or (
        line.rstrip(" \t*_").endswith((":", "\uff1a")) and is_reference_title(line)
    )


def inline_block_title(line: str) -> str | None:
    """The title of a line that is a title whose colon opens a block (`Results in Table 2:
    "scores": {`), or None."""
    if not line.rstrip().endswith(("{", "[")):
        return None
    match = _INLINE_BLOCK_TITLE.match(line)
    return match.group(1) if match else None


# A line led by a split named in Chinese ("训练集：{...}", "验证集: acc 0.91"): the training,
# validation (or development) and test set.
_CJK_LINE_SPLIT = re.compile(r"^[\W\d]*+(训练|验证|开发|测试)集?+\s*+[:：]")
CJK_SPLITS = {"训练": "train", "验证": "val", "开发": "val", "测试": "test"}


# A line that only marks lines left out of a pasted excerpt ("...", "[...]"): open blocks (a YAML
# list, a table) go on after it.
_ELISIONS = frozenset({"...", "…", "[...]", "(...)", "[…]", ". . ."})
# -1 is the "not computed" sentinel of pycocotools and torchmetrics for AP/AR-like metrics.

# A pasted output line in a code span, then what it is of: "`[Predict] results: ndcg@3=0.379
# map=0.416` for cdssm". The words after the span name the model (or data set) of its values.
_CODE_SPAN_FOR = re.compile(
    r"^`([^`]{8,}+)`[\s,]*+(?:for|of|on|with|from)\s++(?:the\s++)?+([A-Za-z][\w.\-]{1,40}+)"
    r"(?:\s++(?:model|run|network|dataset))?+\s*+[.,;:!]?+\s*+$"
)
# A sentence naming the split of the output pasted below it ("While on the test set I got",
# "Results on the dev set are"): the code block that opens on the next line is that split's.
_PROSE_SPLIT = re.compile(
    r"(?i)(?<![a-z])(?:on|for|of|with)\s++(?:the\s++|my\s++)?+" + _SPLIT_WORDS_RE
    + r"[ _\-]?+(?:set|split|data(?:set)?+|nodes)(?![a-z])"
)  # fmt: skip
# A label and a variable in a format string: "Test: {test_mae:.4f}", "Val: {val_mae}".
_PRINTED_VARIABLE = re.compile(r"([A-Za-z][A-Za-z ]{0,15}+):\s*+\{([a-z][a-z0-9_]{1,30}+)[:!}]")
# An evaluator's configuration line naming the list of samples it scores ("list_im_file:
# .../test_split/test0_normal.txt", "trial_list = lists/hard_pairs.txt"): the values printed
# below it, up to a blank line or the next such line, are that list's (one subset of several).
_LIST_FILE = re.compile(
    r"^\s*+([A-Za-z_][\w\-]{0,50}+)\s*+[:=]\s*+['\"]?+\S{0,300}?"
    r"([A-Za-z][\w\-]{2,40}+)\.(?:txt|lst|list|csv|jsonl?+)['\"]?+\s*+$"
)
