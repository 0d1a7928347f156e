"""Rules of run commands, titles and sources (verdicts46): general shapes found reading the
fresh39 set, each test a crafted log that shows one, never a corpus excerpt."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_a_commands_dataset_argument_scopes_what_it_printed() -> None:
    # Given a pasted command that trains on one data set, then the line it printed
    log = (
        "I ran:\n"
        "python train_gnn.py --model gat --dataset pubmed --epochs 200 --lr 0.005\n"
        "\n"
        "Best epoch: 141 Val Acc: 80.12 Test Acc: 78.46\n"
    )
    # Then the values are that data set's, and never another data set's
    assert confirms(log, "Test Accuracy", 78.46, "PubMed")
    assert confirms(log, "Test Accuracy", 78.46)
    assert not confirms(log, "Test Accuracy", 78.46, "Citeseer")

    # Given the same argument on a continued line of a command
    log = (
        "CUDA_VISIBLE_DEVICES=0 python main.py \\\n"
        "    --dataset=amazon-photo \\\n"
        "    --hidden 64\n"
        "final test acc 91.37\n"
    )
    assert confirms(log, "Test Accuracy", 91.37, "amazon-photo")
    assert not confirms(log, "Test Accuracy", 91.37, "amazon-computers")


def test_a_dataset_argument_that_names_no_data_set_scopes_nothing() -> None:
    # Given generated prompts, a file and an argparse definition
    for line in (
        "python bench.py --dataset random --num-prompts 10",
        "python bench.py --dataset prompts.jsonl --num-prompts 10",
        "parser.add_argument('--dataset', default='cifar10')",
    ):
        log = f"{line}\nthroughput (req/s): 4.21\n"
        # Then a claim on a named data set is not refused for another data set's scope
        assert confirms(log, "throughput (req/s)", 4.21, "ShareGPT"), line


def test_a_results_title_naming_a_data_set_scopes_its_block() -> None:
    # Given a title naming the data set in a parenthesis, then a trec_eval-style block
    log = (
        "Results (fiqa):\n"
        "map                     all     0.2841\n"
        "P_5                     all     0.1190\n"
    )
    # Then the values are that data set's, never another's
    assert confirms(log, "MAP", 0.2841, "FiQA")
    assert not confirms(log, "MAP", 0.2841, "TREC-COVID")
    # and "Results on X:" alike
    log = "Results on arguana:\nmap                     all     0.2841\n"
    assert not confirms(log, "MAP", 0.2841, "TREC-COVID")
    # but a parenthesis naming whose numbers they are names no data set
    log = "Results (mine):\nmap                     all     0.2841\n"
    assert confirms(log, "MAP", 0.2841, "TREC-COVID")


def test_a_forecasting_command_over_continued_lines_scopes_its_output_by_horizon() -> None:
    # Given two continued commands of a forecasting library, each followed by what it printed
    log = (
        "python -u run.py \\\n"
        "  --is_training 1 \\\n"
        "  --model_id Weather_96_96 \\\n"
        "  --model DLinear \\\n"
        "  --pred_len 96 \\\n"
        "  --itr 1\n"
        "\n"
        "mse:0.1961, mae:0.2551\n"
        "\n"
        "python -u run.py \\\n"
        "  --model_id Weather_96_336 \\\n"
        "  --model DLinear \\\n"
        "  --pred_len 336 \\\n"
        "  --itr 1\n"
        "mse:0.2832, mae:0.3349\n"
    )
    # Then each value is its horizon's, never another horizon's
    assert confirms(log, "MSE", 0.196, "Weather (horizon 96)")
    assert confirms(log, "MSE", 0.283, "Weather (horizon 336)")
    assert not confirms(log, "MSE", 0.283, "Weather (horizon 96)")
    assert not confirms(log, "MSE", 0.196, "Weather (horizon 336)")


def test_a_source_stating_numbers_before_them_quotes_them() -> None:
    # Given a sentence whose subject is the paper, with its key=value pair after the verb
    log = (
        "As an example, the paper reports top-1=81.3 for this checkpoint:\n"
        "https://example.org/deit_small.pth\n"
        "\n"
        "After training it, top-1=79.8.\n"
    )
    # Then the paper's number is not the run's; the writer's own is
    assert not confirms(log, "Top-1 Accuracy", 81.3)
    assert confirms(log, "Top-1 Accuracy", 79.8)
    # Given the same sentence that also states the writer's own run
    log = "The paper reports top-1=81.3 but I get top-1=79.8\n"
    # Then the line is left to the other rules: the writer's number still stands
    assert confirms(log, "Top-1 Accuracy", 79.8)


def test_a_table_row_of_a_model_whose_paper_the_prose_cites_is_quoted() -> None:
    # Given prose naming one model's paper result, and a table with that model's row
    log = (
        "Our run beats the Transformer-XL paper's result on this benchmark.\n"
        "\n"
        "| model | params | ppl |\n"
        "| - | - | - |\n"
        "| Transformer-XL | 151M | 18.3 |\n"
        "| OurLM | 160M | 17.9 |\n"
    )
    # Then that row is the paper's number, not the run's
    assert not confirms(log, "Perplexity", 18.3)
    assert confirms(log, "Perplexity", 17.9)


def test_a_result_verb_joined_by_yet_to_the_writers_clause_is_the_writers() -> None:
    # Given a sentence where the writer ran something, "yet" got a value, then a source's
    log = "I evaluated the released checkpoint, yet only got 41.7 mAP, below the 43.0 in docs.\n"
    # Then the writer's value is the run's; the compared one is not
    assert confirms(log, "mAP", 41.7)
    assert not confirms(log, "mAP", 43.0)
    # and someone else's "yet got" is not the writer's
    assert not confirms("They tuned it for weeks, yet only got 41.7 mAP.\n", "mAP", 41.7)
