/* A correct Alquerque bot (CodeCup 2008) in C: plays a random legal move that gives the opponent
 * nothing to capture when it can (any legal move otherwise), seeded (argv[1], default 2008).
 * It keeps the board, captures when it must (continuing a multi-capture to the end), never moves a
 * piece straight back, flushes every move, exits on Quit, and ends on its own after winning or after
 * the 200th ply (tie). The rules are in alquerque.h. */
#include "alquerque.h"

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 2008;
  return run_bot(seed, NULL);
}
