"""The JavaChallenge2015 protocol loop the broken example bots share that write exact bytes (line
endings, long lines, stderr): each bot differs from a correct one only in what it writes, and only that
is in its own file.

play(answer, ready=b"READY\\n"): writes `ready`, then for each turn message (13 lines: id, T, 6 block
rows, 4 players, EOD) writes answer(turn, message) -- turn counts the bot's own turns from 0 -- as raw
bytes, flushed. Returns when the jury closes the input. answer may also write to stderr itself."""
import sys


def write(data, stream=sys.stdout):
    stream.buffer.write(data)
    stream.buffer.flush()


def play(answer, ready=b"READY\n"):
    write(ready)
    turn = 0
    while True:
        message = [sys.stdin.buffer.readline() for _ in range(13)]
        if not message[-1]:
            return  # the jury closed our input: the game is over
        write(answer(turn, message))
        turn += 1
