"""Input written to hurt: it must end in one clear message, quickly, not in a hung or dying process."""

from __future__ import annotations

import time

BOMB = """title: Laughs
a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]
sections: []
"""


def test_alias_bomb_is_refused_at_once(write_config, run, tmp_path):
    path = write_config(BOMB)
    started = time.monotonic()
    status, out, err = run("build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert time.monotonic() - started < 10
    assert status == 2 and "aliases" in err and "Traceback" not in err
    assert not (tmp_path / "out.pdf").exists()


def test_self_containing_alias_is_refused(write_config, run, tmp_path):
    path = write_config("title: T\nloop: &x [1, *x]\nsections: []\n")
    status, _, err = run("build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert status == 2 and "alias" in err and "Traceback" not in err


def test_ordinary_aliases_still_work(write_config, run, tmp_path):
    path = write_config("""title: Shared options
seed: 2
sections:
  - &easy {type: placement, count: 1, difficulty: easy, size: 4}
  - *easy
""")
    status, out, err = run("build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert status == 0, err
    assert (tmp_path / "out.pdf").stat().st_size > 1000


def test_messages_show_values_as_people_wrote_them(write_config, run, tmp_path):
    path = write_config("""title: T
sections:
  - {type: placement, count: 1, difficulty: easy, size: {rows: 4}}
""")
    status, _, err = run("build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert status == 2 and "{rows: 4} is not allowed" in err and "{'rows'" not in err
