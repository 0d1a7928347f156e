"""Words of titles and model names for the search index, and "did you mean" (pure rules)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from chalicelib.domain.catalog import suggestions, summarise_task
from chalicelib.domain.search_words import (
    MAX_WORDS_PER_PAPER,
    STOP_WORDS,
    key_word,
    paper_words,
    query_words,
    words,
)


def test_words_are_folded_split_and_joined_names_kept_whole() -> None:
    assert words("FLAG: Adversarial Data Augmentation") == [
        "flag",
        "adversarial",
        "data",
        "augmentation",
    ]
    assert words("GCN+FLAG") == ["gcn", "flag"]
    assert words("ResNet-50") == ["resnet", "50", "resnet50"]
    assert words("R-GCN") == ["gcn", "rgcn"]  # single characters are not words
    assert words("Réseau de neurones") == ["reseau", "de", "neurones"]
    assert words("The Power of Scale for Graphs") == ["power", "scale", "graphs"]


def test_a_paper_is_found_by_title_and_model_words_bounded() -> None:
    assert paper_words("FLAG", ["GAT+FLAG", "GIN+FLAG"]) == ["flag", "gat", "gin"]
    many = paper_words(" ".join(f"w{i}" for i in range(100)), [])
    assert len(many) == MAX_WORDS_PER_PAPER


def test_queries_need_every_plain_word_and_read_the_longest_words_partition() -> None:
    assert query_words("ResNet-50 ImageNet") == ["resnet", "50", "imagenet"]
    assert query_words("resnet50") == ["resnet50"]
    assert query_words("the of a") == []
    assert key_word(["gcn", "deepergcn", "flag"]) == "deepergcn"


@given(st.text(max_size=200))
def test_every_query_word_of_a_title_is_one_of_its_index_words(title: str) -> None:
    """Searching with a paper's own title always matches it."""
    assert set(query_words(title)) <= set(words(title))
    assert not set(words(title)) & STOP_WORDS


def test_suggestions_prefer_names_containing_the_asked_one_then_close_spellings() -> None:
    known = {
        "node-property-prediction": "Node Property Prediction",
        "link-property-prediction": "Link Property Prediction",
        "image-classification": "Image Classification",
        "classification": "Classification",
    }
    assert suggestions("node-property-predictoin", known)[0] == "Node Property Prediction"
    assert suggestions("classification", known)[:2] == ["Classification", "Image Classification"]
    assert suggestions("zzzz", known) == []
    assert suggestions("", known) == []


def test_a_task_summary_is_derived_from_its_membership_rows() -> None:
    members = [
        {
            "task": "Image Classification",
            "counted_reproductions": 2,
            "datasets": [
                {"dataset": "ImageNet", "dataset_slug": "imagenet", "metrics": ["Top-1", "Top-5"]}
            ],
        },
        {
            "task": "Image classification",
            "counted_reproductions": 0,
            "datasets": [
                {"dataset": "ImageNet", "dataset_slug": "imagenet", "metrics": ["Top-1"]},
                {"dataset": "CIFAR-10", "dataset_slug": "cifar-10", "metrics": ["Accuracy"]},
            ],
        },
        {"task": "Image Classification", "counted_reproductions": 1, "datasets": []},
    ]
    summary = summarise_task("image-classification", members)
    assert summary["task"] == "Image Classification"  # the most common spelling
    assert (summary["papers"], summary["datasets"], summary["counted_reproductions"]) == (3, 2, 3)
    assert summary["dataset_rows"] == [
        {
            "dataset": "ImageNet",
            "dataset_slug": "imagenet",
            "metrics": ["Top-1", "Top-5"],
            "papers": 2,
            "counted_reproductions": 2,
        },
        {
            "dataset": "CIFAR-10",
            "dataset_slug": "cifar-10",
            "metrics": ["Accuracy"],
            "papers": 1,
            "counted_reproductions": 0,
        },
    ]
