"""How a metric name is cut into words (`_words`), shared by the vocabulary's phrase tables
(`phrases.py`) and its reading of names (`vocabulary.py`).

Pure functions, no I/O.
"""

from __future__ import annotations

import re

SPLITS = ("test", "val", "train")

_SPLIT_WORDS = {
    "test": "test",
    "testing": "test",
    "tst": "test",
    "predict": "test",
    "prediction": "test",
    "val": "val",
    "valid": "val",
    "vali": "val",  # "Train Loss: .. Vali Loss: .. Test Loss: .." (Informer and its forks)
    "validation": "val",
    "validate": "val",
    "dev": "val",
    "eval": "val",
    "evaluation": "val",
    "train": "train",
    "training": "train",
    "trn": "train",
}
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z][a-z])")
_LESS_THAN = re.compile(r"<\s*+(?=\d)")
_CHUNK = re.compile(r"[A-Za-z0-9%+]+")
_TOKEN = re.compile(r"%?[a-z]+\+*|\d*\.\d+|\d+\+*")  # "chrF2++" -> chrf, 2++
# Metric words written in camel case that must not be split ("mIoU" is not "m IoU").
_CAMEL_WORDS = frozenset(
    {"miou", "macc", "aacc", "mdice", "mrr", "map", "mar", "rougelsum", "rougel", "auroc"}
    | {"mfscore", "mprecision", "mrecall"}
    # benchmarks whose camel-case part is a split word ("HumanEval" is not "Human" on "eval")
    | {"humaneval", "humaneval+", "alpacaeval", "evalplus"}
)


# Words that may come before a split word in a camel-case compound (bestValAcc).
_CAMEL_LEADS = frozenset({"best", "final", "last", "avg", "mean", "max", "min", "overall"})


def _words(text: str) -> list[str]:
    """Lower-case tokens: words (a leading % kept: %WER), numbers (.5 and 0.95 kept whole),
    camel case split (valAcc -> val acc) except for metric words such as mIoU."""
    words: list[str] = []
    if "\u03b4" in text or "<" in text:
        # "δ1", "δ<1.25" (depth accuracy thresholds): the Greek letter is "delta"; "<" before
        # a number is "lt"
        text = _LESS_THAN.sub(" lt ", text.replace("\u03b4", " delta "))
    for chunk in _CHUNK.findall(text):
        lowered = chunk.lower()
        if lowered.strip("%") not in _CAMEL_WORDS:
            parts = _CAMEL.sub(" ", chunk).lower()
            # a split word names a split only as a compound's first part (valAcc, TestLoss),
            # never inside a name (HumanEvalSynthesize is no validation metric)
            tokens = parts.split()
            first = next((i for i, w in enumerate(tokens) if w in _SPLIT_WORDS), 0)
            if all(w in _CAMEL_LEADS for w in tokens[:first]):
                lowered = parts
        words += _TOKEN.findall(lowered)
    return words


# Words of a metric name that qualify, aggregate or decorate it (read by `vocabulary.sense_of`).
_QUALIFIER_WORDS = {
    # similarity functions of embedding evaluators (sentence-transformers, MTEB)
    "cosine": "cosine",
    "cos": "cosine",
    "dot": "dot",
    "manhattan": "manhattan",
    "euclidean": "euclidean",
    "adj": "adjusted",
    "adjusted": "adjusted",
    "uncentered": "uncentered",
    "bbox": "box",
    "box": "box",
    "det": "box",
    "segm": "mask",
    "mask": "mask",
    "seg": "mask",
    # 3D detection's AP kinds (KITTI's evaluation: bbox, bev, 3d, aos)
    "bev": "bev",
    "3d": "3d",
    "aos": "aos",
    "keypoints": "keypoints",
    "keypoint": "keypoints",
    "kpt": "keypoints",
    "pose": "keypoints",
    "micro": "micro",
    "macro": "macro",
    "weighted": "weighted",
    "samples": "samples",
    "norm": "norm",
    "normalized": "norm",
    "strict": "strict",
    "flexible": "flexible",
    "loose": "loose",
    # anomaly detection's image-level and pixel-level AUROC/F1 (anomalib, PatchCore)
    "image": "image",
    "img": "image",
    "pixel": "pixel",
    # IFEval's four metrics: prompt- or instruction-level, strict or loose
    "promptlevel": "prompt_level",
    "instlevel": "inst_level",
    "instancelevel": "inst_level",
    # multi-hop QA's (HotpotQA's) supporting-fact and joint EM/F1: a plain EM/F1 is the
    # answer's ("ans"/"answer" stay scopes: SQuAD 2.0's HasAns/NoAns rows are subsets)
    "supporting": "support",
    "joint": "joint",
}
# Two-word qualifiers, read as one word: lm-eval's filters ("strict-match", "flexible-extract")
# and IFEval's levels ("prompt_level", "inst_level").
_QUALIFIER_PAIRS = {
    ("strict", "match"): "strict",
    # the stage a value is of, no data set: "my last epoch AUC", "best epoch AUC"
    ("last", "epoch"): "last",
    ("best", "epoch"): "best",
    ("final", "epoch"): "final",
    ("flexible", "extract"): "flexible",
    ("prompt", "level"): "promptlevel",
    ("inst", "level"): "instlevel",
    ("instance", "level"): "instancelevel",
    # anomaly detection's "pixel level" / "image-wise" AUROC
    ("pixel", "level"): "pixel",
    ("image", "level"): "image",
    ("pixel", "wise"): "pixel",
    ("image", "wise"): "image",
    # "3D AP", "AP_3d": the tokeniser splits "3d" into "3", "d"
    ("3", "d"): "3d",
    # long-tailed recognition's class groups: OLTR and classifier-balancing print
    # `Low_shot_accuracy_top1` and `Median_shot_accuracy_top1`, papers write few- and
    # medium-shot (a median-shot value is no median of the metric)
    ("low", "shot"): "fewshot",
    ("median", "shot"): "mediumshot",
}
_EXCLUSIVE = (
    frozenset({"box", "mask", "keypoints"}),
    frozenset({"micro", "macro", "weighted"}),
    frozenset({"cosine", "dot", "manhattan", "euclidean"}),
    frozenset({"image", "pixel"}),
    # KITTI's (and second.pytorch/OpenPCDet's) `bbox AP`, `bev AP`, `3d AP`, `aos AP` rows:
    # 2D box, bird's-eye-view, 3D box and orientation-similarity AP of one detector
    frozenset({"box", "bev", "3d", "aos"}),
    frozenset({"support", "joint"}),
)
# Qualifiers that make another metric whether or not the other name says anything: acc_norm
# is another metric than acc, strict-match than flexible-extract, adjusted R^2 than R^2.
_MUST_AGREE = (
    "norm", "strict", "flexible", "loose", "prompt_level", "inst_level", "adjusted", "uncentered",
    "level1", "level2",
)  # fmt: skip
# Qualifiers a name must carry to stand for a claim that names them: a mask or keypoint AP is
# always labelled so in a log, box AP often is not (box is the default of detection logs).
_MUST_BE_NAMED = frozenset({"mask", "keypoints", "support", "joint"})

# Decorations that tell two statistics of one quantity apart: a mean episode reward is not the
# best one (RAD's `mean_episode_reward` beside `best_episode_reward`).
_AGGREGATE_WORDS = {"mean": "mean", "avg": "mean", "average": "mean"}
_AGGREGATE_WORDS |= {"best": "best", "highest": "best"}
# "overall accuracy" (all pixels or samples pooled) is not "mean accuracy" (the mean over
# classes): a name that says one never stands for a claim that says the other
_AGGREGATE_WORDS |= {"overall": "overall"}
# a harmonic mean (continual learning's `Harmonic Accuracy` of old and new classes, the H of
# generalized zero-shot learning) is not the arithmetic mean ("Average Accuracy")
_AGGREGATE_WORDS |= {"harmonic": "harmonic"}
_STAT_WORDS = {"std": "std", "stderr": "std", "sem": "std", "var": "var", "variance": "var"}
_STAT_WORDS |= {"min": "min", "max": "max", "median": "median"}
# MTEB's `nauc_<metric>_<max|std|diff1>`: the normalized area under the curve of the metric
# against the model's confidence (a calibration statistic of the metric), never the metric.
_STAT_WORDS |= {"nauc": "nauc"}
# Words that decorate a name without changing the metric.
_NOISE_WORDS = frozenset(
    {
        "default",  # MTEB's default subset
        "similarity",  # sentence-transformers' "Cosine-Similarity :", "Manhattan-Distance:"
        "distance",
        "avg",
        "average",
        "mean",
        "final",
        "best",
        "highest",
        "last",  # the stage a value is of ("my last epoch AUC": `_QUALIFIER_PAIRS`)
        "overall",
        "global",  # "Global MAPE" beside "Holiday MAPE": the whole data's, as "overall"
        "total",
        "result",
        "results",
        "metric",
        "metrics",
        "value",
        "set",
        "on",
        "of",
        "for",  # "Humaneval result for pass@1": HumanEval's pass@1
        "the",
        "at",
        "none",
        "all",
        "dataloader",
        "idx",
        "percent",
        "pct",
        "depth",  # depth estimation's "depth_absrel": the task, not a data set
        # the reporter's verbs before a value ("Achieved WER : 12.69%", "got Prec@1 73.8")
        "achieved",
        "obtained",
        "got",
        "get",
        # a metric function's name as a result key (simpletransformers' `eval_model(...,
        # getListRouge=getListRouge)` returns {'getListRouge': 0.52}): the metric it computes
        "compute",
        "calc",
        "calculate",
        "list",
        "foreground",  # nnU-Net's foreground_mean: the mean over all labels but background
        # Stable-Baselines3's logger section of the training episodes (`rollout/ep_rew_mean`):
        # a namespace, not the data set (environment) the reward is of
        "rollout",
    }
)
