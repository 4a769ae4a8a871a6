"""The cluster path: a real dask.distributed LocalCluster with worker processes makes a bank and a
book with exactly the bytes local generation makes."""

from __future__ import annotations

import pytest

pytest.importorskip("dask.distributed")

from bookgen.book import different_puzzles, make_book  # noqa: E402
from bookgen.cluster import cluster_executor  # noqa: E402
from bookgen.config import load_config  # noqa: E402
from bookgen.formats import render_formats  # noqa: E402
from bookgen.puzzles import request_for  # noqa: E402

BOOK = """
title: Cluster book
seed: 4
sections:
  - {type: placement, count: 6, difficulty: medium}
  - {type: numbrix, count: 3, difficulty: easy}
  - {type: pyramid, count: 12, difficulty: easy, variant: distinct}
"""


@pytest.fixture(scope="module")
def cluster():
    with cluster_executor("local:2") as executor:
        yield executor


def test_a_bank_made_on_the_cluster_equals_local_generation(cluster):
    request = request_for("pyramid", "easy", {"rows": "3"})  # four answers: repeats are sure
    local = [r.to_json() for r in different_puzzles(request, "bank", 4)]
    remote = [r.to_json() for r in different_puzzles(request, "bank", 4, cluster, ahead=16)]
    assert remote == local
    assert any("~" in r["id"] for r in local)  # twins were replaced, in the same order


def test_a_book_made_on_the_cluster_has_the_same_bytes(cluster, write_config, tmp_path):
    config = load_config(write_config(BOOK))
    target = tmp_path / "book.pdf"
    local = render_formats(make_book(config), target, ["pdf", "jsonl"])
    remote = render_formats(make_book(config, executor=cluster), target, ["pdf", "jsonl"])
    assert remote == local


def test_the_cli_takes_a_local_cluster(run):
    status, out, err = run("generate", "placement", "-n", "3", "--scheduler", "local:1", "-q")
    assert status == 0, err
    assert out == run("generate", "placement", "-n", "3", "--workers", "1")[1]


def test_a_bad_scheduler_is_one_clear_message(run):
    status, out, err = run("generate", "placement", "--scheduler", "local:zero")
    assert status == 2 and "local:N" in err and "Traceback" not in err
