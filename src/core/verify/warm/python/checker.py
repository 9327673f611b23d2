"""The warm Python checker of CodeMorph (docs/warm-checkers.md).

One interpreter answering, one JSON line per request on standard input, what a cold
`python -m <module> <args>` would have printed and exited with, for the modules it knows
(py_compile). Each request runs the module as `-m` runs it (runpy, as __main__, with sys.argv
set), its standard streams captured, its exit code taken from SystemExit; the warnings filters
are restored after each. A `batch` request ({"op":"batch","requests":[...]}, a beam round's checks)
is answered with one answer per request, in their order, each what that request gets alone: it
saves the round trips, not the work. It ends when its standard input closes (the run that started
it is gone).
"""
import io
import json
import os
import runpy
import sys
import traceback
import warnings

MODULES = {"py_compile"}


def answer(out, message):
    out.write(json.dumps(message) + "\n")
    out.flush()


def run_module(module, args, cwd):
    stdout, stderr = io.StringIO(), io.StringIO()
    saved = (sys.argv, sys.stdout, sys.stderr, os.getcwd())
    code = 0
    try:
        os.chdir(cwd)
        sys.stdout, sys.stderr = stdout, stderr
        with warnings.catch_warnings():
            sys.argv = [module] + list(args)
            try:
                runpy.run_module(module, run_name="__main__", alter_sys=True)
            except SystemExit as done:
                if done.code is None:
                    code = 0
                elif isinstance(done.code, int):
                    code = done.code
                else:
                    # sys.exit("message") prints the message and exits with 1
                    print(done.code, file=sys.stderr)
                    code = 1
            except BaseException:
                # what the interpreter prints for an uncaught exception, and its exit code
                traceback.print_exc()
                code = 1
    finally:
        sys.argv, sys.stdout, sys.stderr = saved[0], saved[1], saved[2]
        os.chdir(saved[3])
    return code, stdout.getvalue(), stderr.getvalue()


def main():
    out = sys.stdout
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        request = {}
        try:
            request = json.loads(line)
            if request.get("op") == "ping":
                answer(out, {"id": request["id"], "pong": True})
            elif request.get("op") == "batch":
                answers = [answer_one(r) for r in request["requests"]]
                answer(out, {"id": request["id"], "answers": answers})
            else:
                answer(out, dict(answer_one(request), id=request.get("id")))
        except Exception as e:  # the checker's own failure: the cold tool stands in
            answer(out, {"id": request.get("id"), "error": "%s: %s" % (type(e).__name__, e)})


def answer_one(request):
    """What a cold `python -m <module> <args>` gives for one request (without its id)."""
    if request.get("op") == "module" and request.get("module") in MODULES:
        code, stdout, stderr = run_module(request["module"], request["args"], request["cwd"])
        return {"code": code, "stdout": stdout, "stderr": stderr}
    return {"unsupported": "unknown request"}


if __name__ == "__main__":
    main()
