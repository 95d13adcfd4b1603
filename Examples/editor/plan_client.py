#!/usr/bin/env python3
"""A small client of `plan rpc`: start the server, add a task, print the plan.

    python3 Examples/editor/plan_client.py --plan .build/debug/plan --store /tmp/plan.sqlite \
        --calendar Examples/fall-2026-classes.ics \
        --title "History essay" --project HIST200 --estimate 6h --span 90m --due 2026-12-10

It speaks JSON-RPC 2.0 to the child's stdin/stdout, in either framing
(--framing line, the default, or content-length as LSP clients do), and
shows what an editor integration needs: initialize, requests with ids,
results versus errors, a task that does not fit (a result, not an error),
and a clean shutdown + exit. Only the standard library is used.

The plan binary comes from --plan, else $PLAN_BIN, else `plan` on PATH; the
store from --store, else $PLAN_STORE, else plan's default.
Exit status: 0 the task was planned; 3 it does not fit; 1 an error.
"""
import argparse
import json
import os
import subprocess
import sys


class RPCError(Exception):
    def __init__(self, error):
        data = error.get("data", {})
        where = f" at {data['pointer']}" if "pointer" in data else ""
        super().__init__(f"{error['code']} {error['message']}{where}: {data.get('reason', '')}")
        self.code = error["code"]
        self.data = data


class PlanClient:
    """One `plan rpc` child process and the requests sent to it."""

    def __init__(self, plan, store=None, framing="line", env=None):
        args = [plan, "rpc"] + (["--store", store] if store else [])
        self.framing = framing
        self.next_id = 1
        self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)

    def _send(self, message):
        body = json.dumps(message, separators=(",", ":")).encode("utf-8")
        if self.framing == "content-length":
            self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        else:
            self.proc.stdin.write(body + b"\n")
        self.proc.stdin.flush()

    def _receive(self):
        out = self.proc.stdout
        if self.framing == "content-length":
            length = None
            while True:
                line = out.readline()
                if not line:
                    raise EOFError("plan rpc closed its output")
                line = line.strip()
                if not line:
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            return json.loads(out.read(length))
        line = out.readline()
        if not line:
            raise EOFError("plan rpc closed its output")
        return json.loads(line)

    def request(self, method, params=None):
        """Sends a request and returns its result; raises RPCError for an error."""
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            message["params"] = params
        self.next_id += 1
        self._send(message)
        response = self._receive()
        if response.get("id") != message["id"]:
            raise RuntimeError(f"answer to {response.get('id')!r}, expected {message['id']!r}")
        if "error" in response:
            raise RPCError(response["error"])
        return response["result"]

    def notify(self, method, params=None):
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self._send(message)

    def close(self):
        """shutdown, then the exit notification; returns the server's exit status."""
        self.request("shutdown")
        self.notify("exit")
        self.proc.stdin.close()
        return self.proc.wait(timeout=30)


def hhmm(time):
    """'2026-11-24T09:00:00-05:00' → '09:00'."""
    return time[11:16]


def print_plan(result, title):
    if result["status"] == "unschedulable":
        d = result["diagnostic"]
        print(f'"{title}" does not fit: it needs {d["needed"]}, only {d["available"]} is free '
              f'(limited by {", ".join(d["binding"])}). Nothing was saved.')
        for fix in d["fixes"]:
            print(f"  it would fit with {fix['field']} = {fix['value']}")
        return
    saved = "saved" if result["saved"] else "not saved"
    print(f'"{title}" ({result["taskId"]}): {len(result["sittings"])} sittings, {saved}')
    day = None
    for s in result["sittings"]:
        if s["start"][:10] != day:
            day = s["start"][:10]
            print(day)
        print(f"  {hhmm(s['start'])}–{hhmm(s['end'])}  {title} ({s['index']}/{s['count']})")


def main():
    p = argparse.ArgumentParser(description="Add a task through plan rpc and print its plan.")
    p.add_argument("--plan", default=os.environ.get("PLAN_BIN", "plan"), help="the plan binary")
    p.add_argument("--store", default=os.environ.get("PLAN_STORE"), help="the store file")
    p.add_argument("--framing", choices=["line", "content-length"], default="line")
    p.add_argument("--calendar", action="append", default=[], help="an .ics file to register first")
    p.add_argument("--title", default="History essay")
    p.add_argument("--project")
    p.add_argument("--estimate", default="6h")
    p.add_argument("--span")
    p.add_argument("--due", default="fri")
    p.add_argument("--agenda-days", type=int, default=3, help="also print this many days of the agenda (0: none)")
    a = p.parse_args()

    client = PlanClient(a.plan, a.store, a.framing)
    try:
        info = client.request("initialize", {"clientInfo": {"name": "plan_client.py"}})
        print(f"plan {info['serverVersion']}, protocol {info['protocolVersion']}, "
              f"{len(info['capabilities']['methods'])} methods")
        params = {"title": a.title, "estimate": a.estimate, "due": a.due}
        if a.calendar:
            params["calendars"] = a.calendar
        if a.project:
            params["project"] = a.project
        if a.span:
            params["span"] = a.span
        result = client.request("task.add", params)
        print_plan(result, a.title)
        if a.agenda_days > 0:
            agenda = client.request("plan.agenda", {"days": a.agenda_days})
            print(f"Agenda from {agenda['from']}:")
            for item in agenda["items"]:
                mark = "▸" if item["kind"] == "sitting" else " "
                when = "all day    " if item["allDay"] else f"{hhmm(item['start'])}–{hhmm(item['end'])}"
                print(f"  {item['start'][:10]} {when} {mark} {item['title']}")
        status = client.close()
        if status != 0:
            print(f"plan rpc exited with status {status}", file=sys.stderr)
            return 1
        return 3 if result["status"] == "unschedulable" else 0
    except (RPCError, EOFError, RuntimeError) as e:
        print(f"plan_client: {e}", file=sys.stderr)
        client.proc.kill()
        return 1


if __name__ == "__main__":
    sys.exit(main())
