#!/usr/bin/env python3
"""A nardi bot in Python 3 with the standard library only (docs/bots.md, "A bot in Python").

    python3 nardi_bot.py --create [--preset federation-long] [--length 1] [--against bot]
    python3 nardi_bot.py --table <id> [--invite <secret of a private table>]
    python3 nardi_bot.py --token <bot API token> [--max-matches 1]

Options for all three: --url http://127.0.0.1:8787, --seed <n> (a repeatable run), --name <name>.

It has no rules of its own: it plays one of the legal plays the server lists (docs/protocol.md, "Legal plays"),
takes every double, never doubles, and rolls when the server leaves the roll to it. HTTP goes through urllib; the
WebSocket client below (RFC 6455: the handshake, masked client frames, text frames, ping/pong, close) is its own.
Exit code 0 when the match (or the last of --max-matches) is over, 1 on an error, 2 on bad arguments.
"""
import argparse
import base64
import hashlib
import json
import os
import random
import socket
import ssl
import struct
import sys
import time
import urllib.error
import urllib.parse
import urllib.request


def log(text):
    print(time.strftime("%H:%M:%S"), text, flush=True)


# ── HTTP ────────────────────────────────────────────────────────────────────────────────────────────────────────────


class ApiError(Exception):
    """A refusal: the problem+json body's stable `code` (docs/protocol.md, "Errors") and its text."""

    def __init__(self, status, code, detail):
        super().__init__(f"{status} {code}: {detail}")
        self.status, self.code = status, code


class Api:
    def __init__(self, base, token=None):
        self.base, self.token = base.rstrip("/"), token

    def call(self, method, path, body=None, token=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if token or self.token:
            request.add_header("Authorization", "Bearer " + (token or self.token))
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return json.loads(response.read() or b"null")
        except urllib.error.HTTPError as err:
            try:
                problem = json.loads(err.read())
            except ValueError:
                problem = {}
            raise ApiError(err.code, problem.get("code", "HTTP_%d" % err.code), problem.get("detail", err.reason)) from None


# ── WebSocket (RFC 6455, client side) ───────────────────────────────────────────────────────────────────────────────


class WebSocket:
    GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    def __init__(self, url, protocols, idle_seconds=20, ping_text="ping"):
        """Opens `url` (ws:// or wss://) offering `protocols`. Every `idle_seconds` without a frame it sends
        `ping_text` (the table socket answers the text `ping` with `pong`; the player channel wants a JSON ping)."""
        parts = urllib.parse.urlsplit(url)
        port = parts.port or (443 if parts.scheme == "wss" else 80)
        sock = socket.create_connection((parts.hostname, port), timeout=30)
        if parts.scheme == "wss":
            sock = ssl.create_default_context().wrap_socket(sock, server_hostname=parts.hostname)
        self.sock, self.buf, self.ping_text, self.closed = sock, b"", ping_text, False
        key = base64.b64encode(os.urandom(16)).decode()
        path = parts.path + ("?" + parts.query if parts.query else "")
        sock.sendall(
            (
                f"GET {path} HTTP/1.1\r\nHost: {parts.netloc}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                f"Sec-WebSocket-Protocol: {', '.join(protocols)}\r\n\r\n"
            ).encode()
        )
        while b"\r\n\r\n" not in self.buf:
            self._read()
        head, self.buf = self.buf.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {k.strip().lower(): v.strip() for k, v in (line.split(":", 1) for line in lines[1:] if ":" in line)}
        if status != 101:
            # A refusal before the upgrade is a problem+json answer like any HTTP route's.
            length = int(headers.get("content-length", "0"))
            while len(self.buf) < length:
                self._read()
            try:
                problem = json.loads(self.buf[:length])
            except ValueError:
                problem = {}
            sock.close()
            raise ApiError(status, problem.get("code", "HTTP_%d" % status), problem.get("detail", lines[0]))
        accept = base64.b64encode(hashlib.sha1(key.encode() + self.GUID).digest()).decode()
        if headers.get("sec-websocket-accept") != accept:
            sock.close()
            raise ConnectionError("bad Sec-WebSocket-Accept")
        sock.settimeout(idle_seconds)

    def _read(self):
        data = self.sock.recv(65536)
        if not data:
            raise ConnectionError("connection closed")
        self.buf += data

    def send(self, text, opcode=0x1):
        """One frame, masked as every client frame must be."""
        payload = text.encode() if isinstance(text, str) else text
        n = len(payload)
        header = bytes([0x80 | opcode]) + (
            bytes([0x80 | n]) if n < 126 else struct.pack("!BH", 0x80 | 126, n) if n < 65536 else struct.pack("!BQ", 0x80 | 127, n)
        )
        mask = os.urandom(4)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def _frame(self):
        """The next whole frame in the buffer as (fin, opcode, payload), or None while it is incomplete."""
        if len(self.buf) < 2:
            return None
        fin, opcode, n, at = self.buf[0] & 0x80, self.buf[0] & 0x0F, self.buf[1] & 0x7F, 2
        if n == 126:
            if len(self.buf) < 4:
                return None
            n, at = struct.unpack("!H", self.buf[2:4])[0], 4
        elif n == 127:
            if len(self.buf) < 10:
                return None
            n, at = struct.unpack("!Q", self.buf[2:10])[0], 10
        if len(self.buf) < at + n:  # server frames are never masked
            return None
        payload, self.buf = self.buf[at : at + n], self.buf[at + n :]
        return fin, opcode, payload

    def messages(self):
        """Yields each text message until the connection closes (then returns)."""
        parts = []
        while not self.closed:
            frame = self._frame()
            if frame is None:
                try:
                    self._read()
                except socket.timeout:
                    self.send(self.ping_text)  # a keep-alive; a buffered partial frame stays in self.buf
                except (ConnectionError, OSError):
                    self.closed = True
                continue
            fin, opcode, payload = frame
            if opcode == 0x9:  # ping → pong with the same payload
                self.send(payload, 0xA)
            elif opcode == 0x8:  # close: answer with the same code, then stop
                self.close(payload[:2])
            elif opcode in (0x0, 0x1):  # text, or a continuation of it
                parts.append(payload)
                if fin:
                    yield b"".join(parts).decode()
                    parts = []

    def close(self, code=struct.pack("!H", 1000)):
        if not self.closed:
            self.closed = True
            try:
                self.send(code, 0x8)
            except OSError:
                pass
        self.sock.close()


def socket_url(base, path):
    return ("wss" if base.startswith("https") else "ws") + base[base.index(":") :].rstrip("/") + path


# ── Playing a table ─────────────────────────────────────────────────────────────────────────────────────────────────

# Legal plays come compact: two base64url characters per step, the step being from | to << 5 | hit << 10.
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def legal_plays(plays):
    """The server's compact `plays` as a list of plays, each a list of steps {from, to} ready to send."""
    per, text = plays["stepsPerPlay"], plays["steps"]
    if per == 0:
        return []
    steps = []
    for i in range(0, len(text), 2):
        step = ALPHABET.index(text[i]) << 6 | ALPHABET.index(text[i + 1])
        steps.append({"from": step & 31, "to": step >> 5 & 31})
    return [steps[i : i + per] for i in range(0, len(steps), per)]


def decide(table, plays, seat, rng):
    """The command for this view, or None when it is not this seat's turn to act."""
    match = table.get("match")
    if not match or match.get("toAct") != seat:
        return None
    may = match.get("may", [])
    if "play" in may and plays:
        return {"type": "play", "play": rng.choice(legal_plays(plays))}
    for answer in ("take", "accept-resign", "roll"):
        if answer in may:
            return {"type": answer}
    return None


def describe(event):
    kind = event["type"]
    if kind == "played":
        return f"{event['side']} played {event['notation']}" + (" (forced)" if event.get("forced") else "")
    if kind == "rolled":
        return f"{event['side']} rolled {event['dice'][0]}-{event['dice'][1]}"
    if kind == "player-joined":
        return f"{event['seat']}: {event['name']} sat down"
    if kind == "hand-ended":
        return f"hand {event['hand']}: {event['winner']} wins {event['value']}, score {event['score']['white']}:{event['score']['black']}"
    if kind == "match-ended":
        return f"match over: {event['winner'] or 'nobody'} wins ({event['reason']})"
    return kind


def play_table(base, table_id, token, seat, rng):
    """Plays the seat to the end of the match, reconnecting after a drop. Returns the final table view."""
    seen, pending, refusals, failures = 0, None, 0, 0
    while True:
        url = socket_url(base, f"/v1/tables/{table_id}/socket?seq={seen}")
        try:
            ws = WebSocket(url, ["nardi.v2", "token." + token])
        except (OSError, ConnectionError) as err:
            failures += 1
            if failures > 6:
                raise
            log(f"cannot connect ({err}); again in {2 ** failures} s")
            time.sleep(2**failures)
            continue
        failures, pending = 0, None
        for text in ws.messages():
            if text == "pong":
                continue
            msg = json.loads(text)
            if msg["type"] in ("welcome", "update"):
                for logged in msg["events"]:
                    log(f"#{logged['seq']} {describe(logged['event'])}")
                seen = msg.get("next") or msg["seq"]
                if msg.get("next"):  # a long log comes in pages: ask for the next one
                    ws.send(json.dumps({"type": "sync", "seq": seen}))
                table = msg["table"]
                if table["status"] == "over":
                    ws.close()
                    return table
                command = None if pending else decide(table, msg.get("plays"), seat, rng)
                if command:
                    # A fresh id (a retry with the same id is never applied twice) and the seq it was decided on.
                    pending = command["id"] = os.urandom(12).hex()
                    command["seq"] = msg["seq"]
                    ws.send(json.dumps(command))
            elif msg["type"] == "ack" and msg["id"] == pending:
                pending, refusals = None, 0
            elif msg["type"] == "error":
                log(f"refused: {msg['code']} {msg['message']}")
                refusals += 1
                if refusals >= 5:
                    ws.close()
                    raise RuntimeError("the server refused five commands in a row")
                pending = None
                ws.send(json.dumps({"type": "sync", "seq": seen}))  # decide again on a fresh welcome
        log("connection lost; reconnecting")


def seated(base, grant, rng):
    seat = grant["seat"]
    log(f"sitting as {seat} at {grant['tableId']} ({grant['table']['ruleset']['preset']}, {grant['table']['length']} point(s))")
    table = play_table(base, grant["tableId"], grant["token"], seat, rng)
    match = table["match"]
    log(f"match over at {table['id']}: {match['winner'] or 'nobody'} wins ({match['endReason']}), score {match['score']['white']}:{match['score']['black']}")


# ── A bot account: accept challenges from the player channel ────────────────────────────────────────────────────────


def next_challenge(base, token, me):
    """Waits on the player channel for an open challenge to this bot; returns the oldest one."""
    while True:
        try:
            ws = WebSocket(socket_url(base, "/v1/me/channel"), ["nardi.v2", "token." + token], ping_text='{"type":"ping"}')
        except (OSError, ConnectionError) as err:
            log(f"cannot reach the channel ({err}); again in 5 s")
            time.sleep(5)
            continue
        for text in ws.messages():
            msg = json.loads(text)
            if msg["type"] == "welcome":  # every open challenge to us, newest first
                log(f"channel open, {len(msg['challenges']['incoming'])} challenge(s) waiting")
                waiting = msg["challenges"]["incoming"]
                if waiting:
                    ws.close()
                    return waiting[-1]
            elif msg["type"] == "event" and msg["event"]["kind"] == "challenge":
                challenge = msg["event"]["challenge"]
                if challenge["status"] == "open" and challenge["to"]["id"] == me:
                    ws.close()
                    return challenge
        log("channel lost; reconnecting")
        time.sleep(1)


def serve_challenges(base, token, max_matches, rng):
    api = Api(base, token)
    me = api.call("GET", "/v1/me")
    log(f"bot account {me['name']} ({me['id']}): waiting for challenges")
    played = 0
    while max_matches == 0 or played < max_matches:
        challenge = next_challenge(base, token, me["id"])
        settings = challenge["settings"]
        log(f"challenge {challenge['id']} from {challenge['from']['name']}: {settings['preset']}, {settings['length']} point(s)")
        try:
            accepted = api.call("POST", f"/v1/challenges/{urllib.parse.quote(challenge['id'])}/accept")
        except ApiError as err:
            if err.code in ("CHALLENGE_CLOSED", "CHALLENGE_NOT_FOUND"):  # withdrawn or expired meanwhile
                log(f"too late: {err}")
                continue
            raise
        seated(base, accepted["seat"], rng)
        played += 1


# ── Command line ────────────────────────────────────────────────────────────────────────────────────────────────────


def main():
    parser = argparse.ArgumentParser(description="A nardi bot: plays what the server lists as legal.")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--create", action="store_true", help="create a table and sit White")
    mode.add_argument("--table", help="join this table and sit Black")
    mode.add_argument("--token", help="a bot account's API token: accept challenges and play them")
    parser.add_argument("--url", default="http://127.0.0.1:8787")
    parser.add_argument("--invite", help="the secret of a private table (with --table)")
    parser.add_argument("--preset", default="federation-long", choices=["georgian-short", "backgammon", "federation-long", "armenian-long"])
    parser.add_argument("--length", type=int, default=1)
    parser.add_argument("--against", choices=["human", "bot"], default="human", help="with --create: wait for anyone, or let the server's bot sit Black")
    parser.add_argument("--name", default="Python bot")
    parser.add_argument("--max-matches", type=int, default=1, help="with --token: matches to play, 0 for no end")
    parser.add_argument("--seed", type=int)
    args = parser.parse_args()
    rng = random.Random(args.seed) if args.seed is not None else random.SystemRandom()
    api = Api(args.url)
    try:
        if args.token:
            serve_challenges(args.url, args.token, args.max_matches, rng)
        elif args.create:
            body = {"preset": args.preset, "length": args.length, "name": args.name, "opponent": args.against}
            grant = api.call("POST", "/v1/tables", body)
            if args.against == "human":
                log(f"created table {grant['tableId']}; waiting for an opponent")
            seated(args.url, grant, rng)
        else:
            body = {"name": args.name, **({"invite": args.invite} if args.invite else {})}
            seated(args.url, api.call("POST", f"/v1/tables/{urllib.parse.quote(args.table)}/join", body), rng)
    except (ApiError, RuntimeError, OSError) as err:
        log(f"error: {err}")
        return 1
    except KeyboardInterrupt:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
