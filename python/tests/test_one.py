"""One URL at a time: the package's answers are the command line's.

parse() is `canon --json`, compare() is `compare --json`, pair() is
`compare --json --check --fetch`'s "pair", same() is `same --json`; each is
asked here of the web platform's URL test inputs and held to the real
binary's output.
"""

from __future__ import annotations

import json

import pytest

import url_inspector as ui

from conftest import run

MODES = ["whatwg", "this", "ie", "rfc3986", "python", "surt"]


def test_the_readme_example():
    assert ui.canon("HTTP://a/./b", mode="whatwg") == "http://a/b"


def test_parse_is_canon_json_for_every_tricky_input_in_several_modes(binary, tricky):
    # batch answers many requests in one process: canon --json without "site".
    requests = []
    for mode in MODES:
        for inp, base in tricky:
            requests.append({"input": inp, "base": base, "mode": mode})
    stdin = "".join(json.dumps(r) + "\n" for r in requests).encode()
    answers = [json.loads(line) for line in run(binary, "batch", stdin=stdin).splitlines()]
    assert len(answers) == len(requests)
    for req, expected in zip(requests, answers):
        got = ui.parse(req["input"], req["base"], req["mode"])
        got.pop("site", None)
        assert got == expected, req


def on_a_command_line(pairs):
    """The pairs a command line can carry: none holds U+0000 (batch, which
    reads JSON, takes those; test_parse_is_canon_json... has them all)."""
    return [(i, b) for i, b in pairs if "\0" not in i and "\0" not in (b or "")]


def test_parse_with_trace_and_site_is_canon_json(binary, tricky):
    for inp, base in on_a_command_line(tricky[::40]):
        for mode in ("whatwg", "this"):
            args = ["canon", "--json", "--trace", "--mode", mode]
            if base:
                args += ["--base", base]
            expected = json.loads(run(binary, *args, "--", inp))
            assert ui.parse(inp, base, mode, trace=True) == expected, (inp, base, mode)


def test_compare_is_compare_json(binary, tricky):
    for inp, base in on_a_command_line(tricky[::60]):
        args = ["compare", "--json"] + (["--base", base] if base else [])
        expected = json.loads(run(binary, *args, "--", inp))
        assert ui.compare(inp, base) == expected, (inp, base)


def test_pair_is_the_pair_of_compare_json(binary):
    inp = "http://good.com\\@evil.com/"
    expected = json.loads(run(binary, "compare", "--json", "--stack", "python", "--", inp))
    assert ui.pair(inp, stack="python") == expected["pair"]
    assert ui.compare(inp, stack="python")["pair"] == expected["pair"]
    assert ui.pair(inp, check="python", fetch="urllib3") == expected["pair"]
    assert expected["pair"]["verdict"] == "confusion"


def test_hosts_is_the_hosts_of_compare_json(binary):
    inp = "http://good.com\\@evil.com/"
    expected = json.loads(run(binary, "compare", "--json", "--", inp))
    # compare's hosts are over every resolver (OPC and the canonical forms
    # count as naming no host there); hosts() keeps only those that name one.
    got = ui.hosts(inp)
    assert got["verdict"] == expected["hosts"]["verdict"] == "confusion"
    assert [h["host"] for h in got["hosts"]] == [h["host"] for h in expected["hosts"]["hosts"]]
    two = ui.hosts(inp, resolvers=["whatwg", "python"])
    assert two["verdict"] == "confusion"
    assert ui.hosts("http://a/", resolvers=["whatwg", "python"])["verdict"] == "agree"


def test_same_is_same_json(binary):
    for a, b, mode in [
        ("http://a/%7e", "http://a/~", "this"),
        ("http://a/%7e", "http://a/~", "whatwg"),
        ("HTTP://A:80/", "http://a/", "whatwg"),
    ]:
        expected = json.loads(run(binary, "same", "--json", "--resolvers", mode, "--", a, b))
        got = ui.same(a, b, mode=mode)
        assert expected["resolvers"] == [got], (a, b, mode)


def test_an_invalid_url_raises_naming_the_step():
    with pytest.raises(ui.InvalidUrlError) as e:
        ui.canon("http://a:99999/", mode="this")
    err = e.value
    assert isinstance(err, ValueError)
    assert "step canon.port.invalid" in str(err)
    assert (err.step, err.code, err.range, err.mode) == (
        "canon.port.invalid", "canon.port.invalid", (9, 14), "this",
    )
    with pytest.raises(ui.InvalidUrlError) as e:
        ui.canon("http://[::1")
    assert e.value.step is None and e.value.code == "IPv6-unclosed"
    assert "IPv6 address lacks its closing bracket" in e.value.reason


def test_the_message_is_the_command_lines(binary):
    for inp, mode in [("http://a:99999/", "this"), ("http://[::1", "whatwg"), ("", "whatwg")]:
        err = run_err(binary, inp, mode)
        with pytest.raises(ui.InvalidUrlError) as e:
            ui.canon(inp, mode=mode)
        assert f"url-inspector: {e.value}" == err, (inp, mode)


def run_err(binary, inp, mode):
    import subprocess

    done = subprocess.run(
        [str(binary), "canon", "--mode", mode, "--", inp], capture_output=True, text=True
    )
    assert done.returncode == 1
    return done.stderr.splitlines()[0]


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: ui.canon("x", mode="nope"), 'unknown mode "nope"'),
        (lambda: ui.canon("x", encoding="nope"), 'unknown encoding label "nope"'),
        (lambda: ui.canon("x\ud800"), "input is not valid Unicode"),
        (lambda: ui.canon("x", base="y\udfff"), "base is not valid Unicode"),
        (lambda: ui.pair("x"), "name the pair of parsers"),
        (lambda: ui.pair("x", stack="nope"), 'unknown stack "nope"'),
    ],
)
def test_bad_arguments_raise_value_error_naming_them(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_a_non_string_input_is_a_type_error():
    with pytest.raises(TypeError, match="input must be a str, got int"):
        ui.canon(3)


def test_an_encoding_that_is_not_ascii_compatible_falls_back_with_a_note():
    answer = ui.parse("http://h/?é", mode="this", encoding="utf-16")
    assert answer["canon"] == "http://h/?%C3%A9"
    assert "encoding-fallback" in [n["code"] for n in answer.get("notes", [])]


def test_a_query_in_another_encoding():
    assert ui.canon("http://h/?é", mode="whatwg", encoding="windows-1252") == "http://h/?%E9"


def test_empty_and_ten_megabyte_inputs_answer():
    with pytest.raises(ui.InvalidUrlError):
        ui.canon("")
    big = "http://h/" + "a" * 10_000_000
    assert ui.canon(big) == big


def test_resolvers_lists_every_mode_and_each_answers():
    names = [r["name"] for r in ui.resolvers()]
    assert names[:5] == ["this", "chrome", "gecko", "ie", "whatwg"]
    for r in ui.resolvers():
        if not r["live"]:
            ui.parse("http://example.com/a/../b", mode=r["name"])
