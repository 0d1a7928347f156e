"""Which printed names are results at all (README "Metric vocabulary": never metrics):
not hyper-parameters and configuration, counters and counts, durations and resources.

Pure functions, no I/O.
"""

from __future__ import annotations

from functools import lru_cache

from chalicelib.domain.metrics.phrases import _KNOWN_BASES
from chalicelib.domain.metrics.vocabulary import sense_of, strip_unit
from chalicelib.domain.metrics.words import _words

# Words of names that carry numbers but are not results: hyper-parameters and configuration,
# counters and counts, durations and resources (README "Metric vocabulary": never metrics).
_NOT_RESULT_WORDS = frozenset(
    {
        *("lr", "lr0", "lrf", "learning", "momentum", "decay", "wd", "warmup", "dropout"),
        *("beta", "beta1", "beta2", "eps", "epsilon", "clip", "grad", "gradient", "temperature"),
        *("seed", "seeds", "batch", "bs", "workers", "gpus", "gpu", "nodes", "world", "rank"),
        *("epoch", "epochs", "step", "steps", "iter", "iters", "iteration", "iterations"),
        *("episode", "episodes", "timesteps", "timestep", "updates", "update", "fold", "folds"),
        *("eta", "time", "times", "runtime", "duration", "elapsed", "sec", "secs", "seconds"),
        *("ms", "hours", "minutes", "fps", "speed", "it", "memory", "mem", "maxmem", "ram"),
        *("params", "parameters", "param", "flops", "gflops", "macs", "size", "dim", "layers"),
        *("heads", "hidden", "vocab", "length", "len", "shots", "version", "port", "pid"),
        *("count", "num", "number", "samples", "sample", "images", "imgs", "instances"),
        *("labels", "support", "tokens", "token", "requests", "successful", "failed", "crop"),
        *("interpolation", "imgsz", "ngpus", "nproc", "device", "cuda", "lambda", "alpha"),
        *("weight", "weights", "scale", "max", "min", "total"),
        *("verbose", "patience", "conf", "thres", "thresh", "nms", "nc"),
        *("digits", "leaves", "nupdates", "threshold", "paper", "run", "runs"),
        *("n", "exit"),  # "For n=100" (an n-best size), "exit 0" (a shell line)
        *("maxlenratio", "minlenratio", "nbest"),  # decoding configuration
        *("digits", "nupdates"),  # classification_report(..., digits=4); SB2's update count
        *("paper",),  # "(paper: 0.815)": the cited paper's number, not this run's
        # numbers someone else reported or expects ("Author-reported score: 41.1%"), and
        # references to a document ("in Table 2", "Figure 3", "section 4.1")
        *("reported", "author", "authors", "expected", "table", "figure", "fig", "section"),
        *("appendix", "page", "eq", "equation"),
        *("counter", "bp"),  # "EarlyStopping counter: 3"; BLEU's brevity penalty
        # what a program is doing ("saving 77": a checkpoint number) and a fitted
        # distribution's parameters ("mu_0: 84.8", "sigma_0: 5.0" of a threshold search)
        *("saving", "saved", "loading", "loaded", "processing", "processed", "writing"),
        *("mu", "sigma"),
        # tracking and detection counts printed as table columns (TrackEval, py-motmetrics)
        *("gt", "tp", "fp", "fn", "ids", "idsw", "frag", "fm", "dets", "idtp", "idfn", "idfp"),
        *("mt", "pt", "ml"),
    }
)
# The last word of a name that makes it a setting bearing on the metric it names, never that
# metric's value: fairseq's "criterion.wer_lm_weight=5" (the LM weight of the WER decoding),
# "loss_weight: 1.0", "ctc_weight=0.3". (Not a threshold, alpha or beta: fastai's
# `accuracy_thresh`, Krippendorff's alpha and F-beta are metrics.)
_SETTING_TAILS = frozenset({"weight", "weights", "lambda", "coef"})
# Words that make a name a measured result even beside one of the words above.
_RESULT_WORDS = frozenset(
    {"throughput", "latency", "ttft", "tpot", "itl", "e2el", "qps", "speedup", "goodput"}
)


@lru_cache(maxsize=4096)
def is_result_name(name: str) -> bool:
    """Whether a printed name can be a measured result (not `lr`, `epoch`, `eta`,
    `train_runtime`, `param count`, `Successful requests`, `batch_size`...)."""
    sense = sense_of(name)
    tokens = _words(strip_unit(name))
    words = set(tokens)
    if words & _RESULT_WORDS:
        return True
    if sense.base in _KNOWN_BASES:
        if len(tokens) > 1 and tokens[-1] in _SETTING_TAILS:
            return False
        # a known metric, unless it is the rate or count of something ("samples per second")
        return not (words & {"per", "rate"} and words & _NOT_RESULT_WORDS)
    if sense.base is None:
        return sense.split is not None or bool(sense.benchmark_bases)
    return not words & _NOT_RESULT_WORDS
