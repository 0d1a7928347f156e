"""Multimodal (VLM) benchmarks named as claims ("TextVQA 58.2", "MME 1510.7"): which metrics
each benchmark's name stands for in the log (merged into `BENCHMARK_HEADLINES`), the parts a
claim may name (MME's perception and cognition scores), and common spellings. README "Metric
vocabulary".

The bases are the senses the vocabulary reads from the tools' own names:
- lmms-eval (EvolvingLMMs-Lab/lmms-eval, its lm-eval style table): `mme_percetion_score` (sic)
  and `mme_cognition_score`, `gpt_eval_score` (MMBench, MathVista, MM-Vet: "gptscore"),
  `seed_all`/`seed_image` (SEED-Bench: "seed"), `relaxed_overall` (ChartQA: "relaxed"), `anls`
  (DocVQA), `exact_match` (TextVQA, VQAv2, GQA, VizWiz, ScienceQA, AI2D), `pope_accuracy` and
  `pope_f1_score`, `mmmu_acc`, `ocrbench_accuracy`;
- VLMEvalKit's and LLaVA's printed names (`Overall`, `Accuracy`, `acc`).
Pure data, no I/O.
"""

from __future__ import annotations

_ACC = "accuracy"
_VQA = ("exact_match", _ACC)
_GPT = ("gptscore", _ACC, "score")
_MME_PERCEPTION = ("mmeperceptionscore", "mmepercetionscore", "perceptionscore")
_MME_COGNITION = ("mmecognitionscore", "cognitionscore")

VLM_HEADLINES: dict[str, tuple[str, ...]] = {
    # MME's headline (LLaVA-1.5 and most papers) is the perception score; its cognition score
    # is another result, and their sum is printed by neither tool
    "mme": _MME_PERCEPTION,
    "mmbenchen": _GPT,
    "mmbenchcn": _GPT,
    "seedbench": ("seed", _ACC),
    "pope": ("f1", _ACC),
    "textvqa": _VQA,
    "vqav2": _VQA,
    "gqa": _VQA,
    "scienceqa": _VQA,
    "vizwiz": _VQA,
    "okvqa": _VQA,
    "ai2d": _VQA,
    "mmvet": _GPT,
    "mmmu": (_ACC,),
    "mathvista": _GPT,
    "chartqa": ("relaxed", _ACC),
    "docvqa": ("anls",),
    "infovqa": ("anls",),
    "ocrbench": (_ACC, "score"),
    "llavabench": _GPT,
    # lmms-eval's hallusion_bench_image prints aAcc (all questions: its headline, read as
    # "pixel_accuracy" like mmseg's aAcc), qAcc and fAcc (question pairs, figures: other results)
    "hallusionbench": ("pixel_accuracy", _ACC),
}
# A claim naming a part of a benchmark ("MME Perception", "MME-C"): the benchmark it scopes
# and the part's metrics.
VLM_PARTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "mmeperception": ("mme", _MME_PERCEPTION),
    "mmep": ("mme", _MME_PERCEPTION),
    "mmecognition": ("mme", _MME_COGNITION),
    "mmec": ("mme", _MME_COGNITION),
}
VLM_ALIASES = {
    # LLaVA's MMBench is the English one; lmms-eval's tasks carry the language and split
    "mmbench": "mmbenchen",
    "mmbenchenglish": "mmbenchen",
    "mmbenchchinese": "mmbenchcn",
    "seedbenchimage": "seedbench",
    "vizwizvqa": "vizwiz",
    "mathvistatestmini": "mathvista",
    "llavabenchinthewild": "llavabench",
    "llavawild": "llavabench",
    "llavainthewild": "llavabench",
    "mmevet": "mmvet",
    "sqa": "scienceqa",
    # lmms-eval's group of POPE's three categories (`pope_adv`, `pope_pop`, `pope_random`)
    "popefull": "pope",
    "okvqaval2014": "okvqa",
}
