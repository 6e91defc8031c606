"""The Nim protocol loop the example bots share: reads `heaps ...`, then `Start` or the opponent's
move `H N`; answers `choose(heaps)` -> (heap index, count) as `H N`, flushed; exits on Quit."""
import sys


def run(choose):
    heaps = []
    for line in sys.stdin:
        line = line.strip()
        if line == "Quit":
            break
        if line.startswith("heaps "):
            heaps = [int(x) for x in line.split()[1:]]
            continue
        if line != "Start":
            h, n = (int(x) for x in line.split())
            heaps[h - 1] -= n
        if any(heaps):
            heap, count = choose(heaps)
            heaps[heap] -= count
            sys.stdout.write(f"{heap + 1} {count}\n")
            sys.stdout.flush()
