#!/usr/bin/env python3
"""Ends every line with a lone \\r (READY\\r, N\\r), never \\n. The JavaChallenge2015 engine reads lines
with Java's readLine, which ends a line at \\r too: it plays normally there. Verdict under the default
engine profile: only the crlf-line-ending warning (another jury, or --profile rules, waits for \\n)."""
from turns import play

play(lambda turn, message: b"N\r", ready=b"READY\r")
