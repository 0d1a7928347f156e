"""The vocabulary's tables: which words name which metric (`_BASE_PHRASES`: synonyms and
abbreviations fold onto one base, e.g. EM / exact match, mIoU / mean IoU, top-1 / acc@1), and
which metrics a benchmark's name stands for (`BENCHMARK_HEADLINES`). README "Metric
vocabulary"; `vocabulary.py` reads names with them.

Pure data, no I/O.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.vlm_benchmarks import VLM_ALIASES, VLM_HEADLINES
from chalicelib.domain.metrics.words import (
    _AGGREGATE_WORDS,
    _QUALIFIER_WORDS,
    _SPLIT_WORDS,
    _STAT_WORDS,
    _words,
)

# token sequences (joined with " ") -> (base, k). Longest match wins; order does not matter.
_BASE_PHRASES: dict[str, tuple[str, int | None]] = {}


def _phrases(base: str, k: int | None, *names: str) -> None:
    for name in names:
        _BASE_PHRASES[" ".join(_words(name))] = (base, k)


_phrases("accuracy", None, "accuracy", "acc", "accu", "correct")
_phrases("accuracy", 1, "top1", "top 1", "top1 accuracy", "top 1 accuracy", "top1 acc")
_phrases("accuracy", 5, "top5", "top 5", "top5 accuracy", "top 5 accuracy", "top5 acc")
# other cutoffs: DPR's retrieval top-k accuracy ("top20": 0.80, "Top-100 Accuracy"), top-10
for _k in (3, 10, 20, 50, 100):
    _phrases("accuracy", _k, f"top{_k}", f"top {_k}", f"top{_k} accuracy", f"top {_k} accuracy")
    _phrases("accuracy", _k, f"top{_k} acc")
_phrases("error", None, "error", "err", "error rate", "err rate")
_phrases("error", 1, "top1 err", "top1 error", "top 1 error", "top1 error rate")
_phrases("error", 5, "top5 err", "top5 error", "top 5 error", "top5 error rate")
_phrases("class_accuracy", None, "macc", "mean class accuracy", "class accuracy", "balanced acc")
_phrases("class_accuracy", None, "balanced accuracy")
# PointNet/PointNet++'s train.py logs "eval avg class acc: %f" (the mean of per-class accuracies)
_phrases("class_accuracy", None, "avg class acc", "avg class accuracy", "average class accuracy")
_phrases("class_accuracy", None, "mean class acc", "average class acc")
# mmseg's aAcc and torchvision's "global correct" are the overall pixel accuracy
_phrases("pixel_accuracy", None, "aacc", "pixel accuracy", "pixel acc", "overall pixel accuracy")
# HallusionBench's other two accuracies (lmms-eval's hallusion_bench_image metrics aAcc, qAcc,
# fAcc; its aAcc, over all questions, reads as above and is the benchmark's headline): over
# question pairs and over figures, never the headline's value
_phrases(
    "question_pair_accuracy", None, "qAcc", "qacc", "question pair accuracy", "question pair acc"
)
_phrases("figure_accuracy", None, "fAcc", "facc", "figure accuracy", "figure acc")
_phrases("f1", None, "f1", "f1 score", "f score", "fscore", "f measure", "f1score", "f1 measure")
_phrases("f1", None, "ents f", "f", "f1 scores", "f scores")
# text detection's hmean (PaddleOCR, MMOCR) is the harmonic mean of precision and recall: F1
_phrases("f1", None, "hmean", "h mean", "fmeasure")
# conlleval (CoNLL NER/chunking scorer) prints F1 as FB1 (F-beta with beta = 1)
_phrases("f1", None, "fb1", "f beta 1")
_phrases("precision", None, "precision", "prec", "p", "ents p")
_phrases("recall", None, "recall", "rec", "r", "ents r", "sensitivity")
_phrases("recall", None, "rcll")  # py-motmetrics / MOTChallenge devkit column
# scikit-learn's label_ranking_average_precision_score (Simple Transformers' "LRAP")
_phrases("lrap", None, "lrap", "label ranking average precision", "label ranking ap")
# point-cloud classification: overall (instance) accuracy; "oAcc" / "OA" in segmentation tables
_phrases("accuracy", None, "oacc", "overall acc", "instance accuracy", "instance acc")
_phrases("exact_match", None, "exact match", "exact", "em", "exactmatch", "exact match score")
_phrases("bleu", None, "bleu", "sacrebleu", "bleu score", "sacre bleu", "sacrebleu score")
_phrases("bleu", 4, "bleu4", "bleu 4")  # BLEU is BLEU-4 unless an n-gram order is named (bleu-1)
_phrases("chrf", None, "chrf", "chrf2", "chrf 2", "chrf score")
_phrases("chrf++", None, "chrf++", "chrf2++")
_phrases("ter", None, "ter")
_phrases("meteor", None, "meteor")
_phrases("cider", None, "cider")
_phrases("rouge1", None, "rouge1", "rouge 1")
_phrases("rouge2", None, "rouge2", "rouge 2")
_phrases("rougel", None, "rougel", "rouge l")
_phrases("rougelsum", None, "rougelsum", "rouge lsum")
_phrases("wer", None, "wer", "word error rate", "%wer")
_phrases("cer", None, "cer", "character error rate", "char error rate", "%cer")
_phrases("ser", None, "ser", "sentence error rate", "%ser", "s err")
_phrases("ap", None, "ap", "map", "map50-95", "ap50-95", "map 0.5 0.95", "ap 0.5 0.95")
_phrases("ap", None, "map .5 .95", "ap .5 .95", "mean average precision", "average precision")
_phrases("ap50", None, "ap50", "map50", "ap 50", "map 50", "map .5", "ap .5")
_phrases("ap50", None, "ap iou 0.5", "ap 0.5", "map 0.5", "ap 0.50", "map 0.50")
_phrases("ap75", None, "ap75", "map75", "ap 75", "map 75", "ap 0.75", "map 0.75", "map .75")
_phrases("aps", None, "aps", "ap s", "map s", "ap small", "map small", "apsmall")
_phrases("apm", None, "apm", "ap m", "map m", "ap medium", "map medium", "apmedium")
_phrases("apl", None, "apl", "ap l", "map l", "ap large", "map large", "aplarge")
_phrases("ar", None, "ar", "mar", "average recall")
# COCO's average recall at a number of detections per image: AR1/AR10/AR100 (pycocotools order),
# EfficientDet's ARmax1/ARmax10/ARmax100, `AR_max_100`: the number is the cutoff k
_phrases("ar", None, "armax", "ar max", "mar max")
# Waymo's heading-weighted AP (APH; "mAPH" is its mean over classes, as Waymo's "mAP" is AP's)
_phrases("aph", None, "aph", "maph")
_phrases("miou", None, "miou", "iou", "mean iou", "jaccard", "mean jaccard")
# "meanIOU: 0.52" (upper-case IOU: no camel-case split); FCN-era "IU" / "mean IU" (Long et al.)
_phrases("miou", None, "meaniou", "iu", "mean iu", "meaniu")
# written out: tensorflow/models deeplab and its ports print "mean Intersection over Union: x"
_phrases("miou", None, "intersection over union", "mean intersection over union")
_phrases("dice", None, "dice", "dsc", "dice score", "mdice", "dice coefficient")
_phrases("ndcg", None, "ndcg", "ncdg")
_phrases("mrr", None, "mrr", "mean reciprocal rank", "recip rank")
_phrases("map", None, "map cut")  # trec_eval's map_cut_100 is MAP@100
_phrases("ndcg", None, "ndcg cut")  # trec_eval's ndcg_cut_10 is NDCG@10
_phrases("hits", None, "hits", "hit", "hr")
# Re-identification's CMC: "Rank-1", "Rank@5", "rank10" (a bare "rank" is a process rank),
# and the CMC curve's point written glued ("cmc1", "cmc10": open-reid style single-query lines)
for _k in (1, 5, 10, 20, 50):
    _phrases("cmc", _k, f"rank {_k}", f"cmc rank {_k}", f"cmc curve rank {_k}", f"cmc {_k}")
_phrases("auc", None, "auc", "roc auc", "rocauc", "auroc", "roc", "auc roc")
# R's ROCR/pROC and xgboost's R demo print "Area under the curve: 0.9931"
_phrases("auc", None, "area under the curve", "area under curve", "area under roc curve")
_phrases("pr_auc", None, "pr auc", "auprc", "prauc")
_phrases("loss", None, "loss", "lm loss", "objective")
_phrases("nll", None, "nll", "nll loss", "logloss", "log loss", "binary logloss")
_phrases("perplexity", None, "perplexity", "ppl", "lm loss ppl", "word perplexity")
_phrases("mae", None, "mae", "mean absolute error", "l1")
_phrases("mse", None, "mse", "mean squared error", "l2")
_phrases("rmse", None, "rmse", "root mean squared error")
_phrases("r2", None, "r2 score", "r2", "r squared")
# serving latencies, as vLLM's benchmark_serving names them (`Mean TTFT (ms)`) and tables
# copied from its output name their columns ("| TTFT | TPOT | ITL |")
_phrases("ttft", None, "ttft", "time to first token")
_phrases("tpot", None, "tpot", "time per output token")
_phrases("itl", None, "itl", "inter token latency")
_phrases("e2el", None, "e2el", "end to end latency")
_phrases("pearson", None, "pearson", "pearsonr", "pcc")
_phrases("spearman", None, "spearman", "spearmanr", "spearman correlation")
_phrases("mcc", None, "mcc", "matthews correlation", "matthews corrcoef", "matthews")
_phrases("kappa", None, "kappa", "cohen kappa")
_phrases("pass", None, "pass", "pass at")
_phrases("reward", None, "reward", "return", "ep rew", "ep rew mean", "episodic return")
_phrases("reward", None, "episode reward", "episode return", "rew", "average score")
_phrases("episode_length", None, "ep len mean", "ep len", "episode length", "mean episode length")
_phrases("nll", None, "mlogloss", "multi logloss")
_phrases("error", None, "merror", "multi error", "binary error")
_phrases("pr_auc", None, "aucpr")
_phrases("psnr", None, "psnr")
_phrases("ssim", None, "ssim")
_phrases("fid", None, "fid", "frechet inception distance", "fid score")
_phrases("kid", None, "kid", "kernel inception distance")
# multi-object tracking (TrackEval, py-motmetrics, the MOTChallenge devkit)
_phrases("hota", None, "hota")
_phrases("deta", None, "deta")
_phrases("assa", None, "assa")
_phrases("mota", None, "mota")
_phrases("motp", None, "motp")
_phrases("idf1", None, "idf1")
_phrases("idr", None, "idr", "id recall")  # the identity recall and precision behind IDF1
_phrases("idp", None, "idp", "id precision")
# pairwise judging (AlpacaEval's leaderboard: `length_controlled_winrate  win_rate ...`): the
# raw win rate and the length-controlled one are different metrics
_phrases("win_rate", None, "win rate", "winrate")
_phrases("lc_win_rate", None, "lc win rate", "lc winrate", "length controlled win rate")
_phrases("lc_win_rate", None, "length controlled winrate")
# a Kaggle submission's leaderboard columns ("Private Score", "Public Score"): the competition's
# metric on the hidden private or the public part of the test set, two results
_phrases("private_score", None, "private score", "private lb", "private leaderboard score")
_phrases("public_score", None, "public score", "public lb", "public leaderboard score")
# speech enhancement and separation
_phrases("pesq", None, "pesq", "pesq score", "wb pesq", "pesq wb")
_phrases("stoi", None, "stoi", "stoi score")
_phrases("estoi", None, "estoi", "e stoi")
_phrases("si_snr", None, "si snr", "sisnr", "si snri")
_phrases("si_sdr", None, "si sdr", "sisdr", "si sdri")
_phrases("sdr", None, "sdr")
_phrases("inception_score", None, "inception score", "is score")
# learned perceptual distance (Zhang et al. 2018, the `lpips` package); few-shot generation's
# intra-cluster LPIPS (Ojha et al. 2021) measures diversity: another metric
_phrases("lpips", None, "lpips")
_phrases("intra_lpips", None, "intra lpips")
# Speaker diarization (pyannote.metrics, dscore, NIST md-eval): the diarization error rate, its
# parts (missed speech, false alarm, speaker confusion) and DIHARD's Jaccard error rate
_phrases("der", None, "der", "diarization error rate", "diarisation error rate")
_phrases("jer", None, "jer", "jaccard error rate")
_phrases("false_alarm", None, "false alarm", "fa", "false alarm rate")
_phrases("missed_speech", None, "missed speech", "missed detection", "miss", "md")
_phrases("speaker_confusion", None, "speaker confusion")
# Clustering (scikit-learn's normalized_mutual_info_score, adjusted_rand_score)
_phrases("nmi", None, "nmi", "normalized mutual information", "normalised mutual information")
_phrases("ari", None, "ari", "adjusted rand index", "adjusted rand score")
# Neural MT quality estimation (Unbabel COMET)
_phrases("comet", None, "comet", "comet score", "comet22", "comet 22")
# Medical segmentation's surface distances (MedPy `asd`, `hd95`): average and 95% Hausdorff
_phrases("asd", None, "asd", "average surface distance", "assd")
_phrases("hd95", None, "hd95", "hd 95", "95hd", "hausdorff 95")
_phrases("extractive_match", None, "extractive match")  # lighteval's math answers
_phrases("mc1", None, "mc1")
_phrases("mc2", None, "mc2")
# Monocular depth estimation (KITTI/NYU protocol: Eigen et al.): relative errors, RMSE of the
# log depth, and the threshold accuracies delta < 1.25, 1.25^2, 1.25^3 (Monodepth2 prints them
# as a1/a2/a3; "<1.25" or "δ1" in tables; "δ" is read as "delta" by `words._words`).
_phrases("abs_rel", None, "abs rel", "absrel", "abs relative error", "abs rel error")
_phrases("sq_rel", None, "sq rel", "sqrel", "sq relative error")
_phrases("rmse_log", None, "rmse log", "rms log", "rmslog", "log rmse", "rmselog")
_phrases("rmse", None, "rms")
_phrases("delta1", None, "delta1", "delta 1", "delta 1.25", "delta lt 1.25", "lt 1.25", "a1")
_phrases(
    "delta2",
    None,
    "delta2",
    "delta 2",
    "delta 1.25 2",
    "delta 1.252",
    "lt 1.25 2",
    "lt 1.252",
    "delta lt 1.25 2",
    "a2",
)
_phrases(
    "delta3",
    None,
    "delta3",
    "delta 3",
    "delta 1.25 3",
    "delta 1.253",
    "lt 1.25 3",
    "lt 1.253",
    "delta lt 1.25 3",
    "a3",
)
# Camera pose accuracy: the area under the curve of pose errors up to a threshold (AUC@30)
_phrases("auc", None, "cam auc", "pose auc")
# Knowledge-graph link prediction (PyKEEN names): the inverse harmonic mean rank is the MRR
_phrases("mrr", None, "inverse harmonic mean rank", "mean reciprocal rank")
_phrases("mean_rank", None, "mean rank", "arithmetic mean rank")
# Re-identification: fast-reid's mean inverse negative penalty (its tables' "mINP" column)
_phrases("minp", None, "minp", "mean inverse negative penalty")
# Speaker verification
_phrases("eer", None, "eer", "equal error rate")
_phrases("min_dcf", None, "mindcf", "min dcf", "minimum dcf")
# Anti-spoofing (ASVspoof): the minimum tandem detection cost function, another metric than
# the speaker-verification minDCF
_phrases("min_tdcf", None, "mintdcf", "min tdcf", "min t dcf", "minimum tdcf", "min t-dcf")
# Action segmentation: MoF (mean over frames) is the frame-wise accuracy
_phrases("accuracy", None, "mof", "mean over frames")
# Human pose on MPII: percentage of correct keypoints, head-normalised, at 0.5 of the head size
_phrases("pckh", None, "pckh", "pckh 0.5", "pckh 0.50", "pck h")
# Scene text recognition: the share of words read exactly
_phrases("accuracy", None, "word accuracy", "word acc", "wordacc", "word accuracy ignore case")
# Optical flow: end-point error and the share of outliers (KITTI's Fl-all; torchvision's "f1")
_phrases("epe", None, "epe", "end point error", "endpoint error", "aepe")
_phrases("per_image_epe", None, "per image epe")  # torchvision: the mean of per-image means
_phrases("fl_all", None, "fl all", "f1 all", "fl")
# Forecasting (GIFT-Eval, GluonTS, Monash): scaled and percentage errors, the probabilistic CRPS
_phrases("mase", None, "mase", "mean absolute scaled error")
_phrases("mape", None, "mape", "mean absolute percentage error")
_phrases("smape", None, "smape", "symmetric mape")
_phrases("crps", None, "crps", "mean weighted sum quantile loss")
# Detection metrics at an IoU threshold written with "@" (super-gradients `Map@0.50:0.95`,
# `Recall@0.50`): the threshold is not a cutoff k.
_phrases("ap", None, "map 0.50 0.95", "ap 0.50 0.95", "map 0.50:0.95", "ap 0.50:0.95")
_phrases("precision", None, "precision 0.5", "precision 0.50", "precision 0.5 0.95")
_phrases("precision", None, "precision 0.50 0.95")
_phrases("recall", None, "recall 0.5", "recall 0.50", "recall 0.5 0.95", "recall 0.50 0.95")
_phrases("f1", None, "f1 0.5", "f1 0.50", "f1 0.5 0.95", "f1 0.50 0.95")
# OpenMMLab names: mmcls `accuracy_top-1`, ultralytics `metrics/accuracy_top1`, mmseg means.
_phrases("accuracy", 1, "accuracy top1", "accuracy top 1")
_phrases("accuracy", 5, "accuracy top5", "accuracy top 5")
_phrases("f1", None, "mfscore")
_phrases("precision", None, "mprecision")
_phrases("recall", None, "mrecall")
# Serving benchmarks (vLLM, sglang): request, output-token and total-token throughput are three
# metrics ("Total" is not noise here).
_phrases("request_throughput", None, "request throughput", "requests per second")
_phrases("output_token_throughput", None, "output token throughput", "output throughput")
_phrases("token_throughput", None, "total token throughput", "token throughput")
_phrases("input_token_throughput", None, "input token throughput")
_phrases("gen_len", None, "gen len")  # Seq2SeqTrainer's mean generated length (eval_gen_len)
# RL training statistics (Stable-Baselines logger): measured, though their words say "clip", "len"
_phrases("clip_fraction", None, "clip fraction", "clipfrac")
_phrases("episode_length", None, "ep len mean", "eplenmean", "mean ep length")
_phrases("episode_length", None, "episode length", "mean episode length")
# OpenCompass group rows: the plain mean of the member datasets' scores (accuracies mostly).
_phrases("accuracy", None, "naive average")
# ROUGE: "ROUGE-1 Average_F" (ROUGE-1.5.5), "rouge1.mid.fmeasure" (rouge_score AggregateScore),
# "rouge-1 f" (py-rouge), "rouge_1_f_score" (pyrouge): the F-measure is the ROUGE score;
# recall and precision are other metrics.
for _rouge, _spellings in (
    ("rouge1", ("rouge1", "rouge 1")),
    ("rouge2", ("rouge2", "rouge 2")),
    ("rouge3", ("rouge3", "rouge 3")),
    ("rouge4", ("rouge4", "rouge 4")),
    ("rougel", ("rougel", "rouge l")),
    ("rougelsum", ("rougelsum", "rouge lsum")),
    ("rougew", ("rouge w", "rouge w 1.2")),
    ("rougesu4", ("rouge su4", "rouge su 4")),
):
    for _how in ("", "average", "avg", "mid"):
        for _suffix, _measures in (
            ("", ("f", "f1", "fmeasure", "f measure", "f score", "fscore")),
            ("_recall", ("r", "recall")),
            ("_precision", ("p", "precision")),
        ):
            _names = (f"{s} {_how} {m}" for s in _spellings for m in _measures)
            _phrases(_rouge + _suffix, None, *_names)
    _phrases(_rouge, None, *_spellings)

_MAX_PHRASE = max(len(p.split()) for p in _BASE_PHRASES)

# Benchmarks named without a metric ("MMLU 61.1") mean their headline metric(s).
_ACC = ("accuracy",)
BENCHMARK_HEADLINES: dict[str, tuple[str, ...]] = {
    "mmlu": _ACC,
    "mmlupro": ("exact_match", "accuracy"),
    "hellaswag": _ACC,
    "arcchallenge": _ACC,
    "arceasy": _ACC,
    "winogrande": _ACC,
    "piqa": _ACC,
    "boolq": _ACC,
    "openbookqa": _ACC,
    "siqa": _ACC,
    "copa": _ACC,
    "rte": _ACC,
    "lambada": ("accuracy", "perplexity"),
    "lambadaopenai": ("accuracy", "perplexity"),
    "truthfulqa": ("mc2", "mc1"),
    "truthfulqamc2": ("mc2",),
    "truthfulqamc1": ("mc1",),
    "gsm8k": ("exact_match", "accuracy"),  # OpenCompass prints accuracy
    "math": ("exact_match", "accuracy"),
    "bbh": ("exact_match", "accuracy"),
    "triviaqa": ("exact_match", "score"),  # OpenCompass "score" is the EM
    "nqopen": ("exact_match",),
    "drop": ("f1", "exact_match"),
    "squad": ("f1", "exact_match"),
    "squadv2": ("f1", "exact_match"),
    "humaneval": ("pass",),
    # HumanEval+ (EvalPlus: base + extra tests) is another benchmark than HumanEval
    "humanevalplus": ("pass",),
    "mbpp": ("pass", "score"),  # OpenCompass "score" is pass@1
    "mbppplus": ("pass",),  # EvalPlus' MBPP+
    "agieval": _ACC,
    "ceval": _ACC,
    "cmmlu": _ACC,
    "gpqa": _ACC,
    "ifeval": ("accuracy",),
    # MMLU's category groups (lm-evaluation-harness "stem", "humanities", ...; OpenCompass
    # "mmlu-stem", ...), other suites lm-evaluation-harness, LLM AutoEval, the Open LLM
    # Leaderboard and OpenCompass summaries report
    "mmlustem": _ACC,
    "mmluhumanities": _ACC,
    "mmlusocialsciences": _ACC,
    "mmluother": _ACC,
    "race": _ACC,
    "racehigh": _ACC,
    "racemiddle": _ACC,
    "winograd": _ACC,
    "sciq": _ACC,
    "logiqa": _ACC,
    "mathqa": _ACC,
    "gpt4all": _ACC,
    "bigbench": _ACC,
    "gaokaobench": _ACC,
    "musr": _ACC,
    "mathlvl5": ("exact_match",),
    "theoremqa": ("accuracy", "score"),
    "gpqadiamond": _ACC,
    # BEIR datasets: nDCG@10 is the headline
    **{
        name: ("ndcg",)
        for name in (
            "nfcorpus",
            "scifact",
            "treccovid",
            "fiqa",
            "arguana",
            "scidocs",
            "quora",
            "nq",
            "hotpotqa",
            "msmarco",
            "dbpedia",
            "fever",
            "climatefever",
            "touche2020",
            "cqadupstack",
            "signal1m",
            "trecnews",
            "robust04",
            "bioasq",
        )
    },
    **VLM_HEADLINES,
}
BENCHMARK_K = {"ndcg": 10, "pass": 1}
# Common spellings of benchmark names.
_BENCHMARK_ALIASES = {
    "arc": "arcchallenge",
    "arcc": "arcchallenge",
    "arce": "arceasy",
    "arcch": "arcchallenge",
    "truthfulqamc": "truthfulqa",
    "hellaswag10shot": "hellaswag",
    "mmlu5shot": "mmlu",
    "gsm8kcot": "gsm8k",
    "openbook": "openbookqa",
    # "end-to-end" and "e2e" name one thing (PaddleOCR's f_score_e2e, an "End-to-end F-score")
    "endtoend": "e2e",
    "lambadastandard": "lambada",
    "trec": "treccovid",
    "ai2reasoningchallenge": "arcchallenge",
    "mmlusocialscience": "mmlusocialsciences",
    # the absolute trajectory error is evo's absolute pose error (APE) of the translation part
    "ate": "ape",
    **VLM_ALIASES,
}

# Part segmentation (ShapeNet-Part) reports a class-averaged and an instance-averaged mIoU,
# abbreviated "mIoU(c)" / "mIoU (i)", "Cls. mIoU" / "Ins. mIoU", "Cat. mIoU": the scope words
# of an mIoU that name one of the two averages.
MIOU_AVERAGE_SCOPES = {
    **dict.fromkeys(("c", "cls", "cat", "category", "classes", "classavg", "cata"), "class"),
    **dict.fromkeys(("i", "ins", "inst", "instances", "insavg", "instanceavg"), "instance"),
}
# Cityscapes' "iIoU class" / "iIoU category" (the "i" glued to IoU read as one word with the
# next): the instance-weighted IoU averaged over classes or categories, two scopes.
_IIOU_AVERAGES = {"iclass": ("instance", "class"), "icategory": ("instance", "category")}

# An error rate's "Err" (ESPnet's and sclite's `WER ... Err` column): the rate itself.
_ERROR_RATE_BASES = frozenset({"wer", "cer", "ter", "ser"})


# Keras' built-in accuracy metrics name how the labels are encoded, not a data set:
# `sparse_categorical_accuracy` is the (top-1) accuracy and `sparse_top_k_categorical_accuracy`
# the top-k one with keras.metrics' default k=5 (keras/src/metrics/accuracy_metrics.py:
# `def __init__(self, k=5, name="top_k_categorical_accuracy", ...)`).
KERAS_ACCURACY_SCOPES: dict[str, int | None] = {
    **dict.fromkeys(("categorical", "sparsecategorical", "binary"), None),
    **dict.fromkeys(("topkcategorical", "sparsetopkcategorical"), 5),
}


def folded_scope(base: str | None, scope: list[str]) -> list[str]:
    """Scope words that only restate the metric, folded: an mIoU's average (class or
    instance), an error rate's "Err" (dropped)."""
    if base == "miou":
        folded = [MIOU_AVERAGE_SCOPES.get(s, s) for s in scope]
        return [w for s in folded for w in _IIOU_AVERAGES.get(s, (s,))]
    if base in _ERROR_RATE_BASES:
        return [s for s in scope if s != "err"]
    return scope


_KNOWN_BASES = frozenset(base for base, _ in _BASE_PHRASES.values())
# A trailing "(60 min)": a traffic forecast's horizon in minutes ahead, no minimum statistic.
_MINUTES_AHEAD = re.compile(r"(?i)^\s*+(\d{1,4}+)\s*+(?:mins?+|minutes)\s*+$")


# A trailing parenthesis listing several things, longer than a unit or a short qualifier list
# ("MRR (FB15k-237, head replacement)", "CER (AISHELL-1 test, fine-tuned model)").
_LISTED = re.compile(r"^([^()]*?\S)\s*+\(([^(),]{1,60}+(?:,[^(),]{1,60}+){1,6}+)\)\s*+$")
_SHOT = re.compile(r"(?i)^\d++\s*+-?\s*+shots?+$")


def unlisted(name: str) -> str:
    """A name whose trailing parenthesis lists several things, rewritten so that each is read
    as what it is: words of the metric (a variant, a split, a shot count) join the name,
    others (a data set, a method, a setting) scope it: "MRR (FB15k-237, head replacement)" ->
    "FB15k-237/head replacement/MRR" (a digit inside a data set's name is no cutoff)."""
    match = _LISTED.match(name) if name.endswith(")") else None
    if match is None or len(match.group(2)) <= 20:
        return name  # a short one is read as a whole (a unit, "(moderate, R40)": see vocabulary)
    words, scopes = [match.group(1)], []
    for part in (p.strip() for p in match.group(2).split(",")):
        if not part or "/" in part:
            return name
        if _SHOT.match(part) or _of_the_metric(part):
            words.append(part)
        else:
            scopes.append(part)
    return "/".join([*scopes, " ".join(words)])


def _of_the_metric(part: str) -> bool:
    keys = _words(part)
    if " ".join(keys) in _BASE_PHRASES:
        return True
    vocabulary = _QUALIFIER_WORDS.keys() | _SPLIT_WORDS.keys() | _STAT_WORDS.keys()
    return bool(keys) and all(
        k in vocabulary or k in _AGGREGATE_WORDS or k in _BASE_PHRASES for k in keys
    )
