/* A correct Amazes bot (CodeCup 2010) in C: it follows the wall on its left hand.
 *
 * Each turn it reads `Start` (Red's first turn only) and the five lines the jury sends: the corridors
 * ahead, right, behind and left (one letter per visible square, B/L/R/N for its side openings relative
 * to the looking direction, then W) and the squared distance to the opponent. It turns left where it
 * can; otherwise it walks ahead up to the first square with an opening on the left and turns into it;
 * otherwise right; otherwise back. It writes one line of steps and flushes it, exits on Quit, and ends
 * on its own after its 150th turn.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TURNS 150
#define LINE 512

/* Reads one line without its line ending; exits when the jury closes our input. */
static void read_line(char *buf) {
  if (!fgets(buf, LINE, stdin)) exit(0);
  buf[strcspn(buf, "\r\n")] = '\0';
}

/* The steps for one turn, following the left-hand wall. */
static void choose(const char *ahead, const char *right, const char *left, char *steps) {
  size_t n = 0;
  if (strcmp(left, "W") != 0) {
    strcpy(steps, "L");
    return;
  }
  if (strcmp(ahead, "W") != 0) {
    /* Every letter before the final W is a square we can walk into. */
    for (const char *square = ahead; *square != 'W'; square++) {
      steps[n++] = 'F';
      if (*square == 'L' || *square == 'B') {
        steps[n++] = 'L';
        break;
      }
    }
    steps[n] = '\0';
    return;
  }
  strcpy(steps, strcmp(right, "W") != 0 ? "R" : "T");
}

int main(void) {
  char ahead[LINE], right[LINE], behind[LINE], left[LINE], distance[LINE], steps[LINE];
  for (int turn = 1; turn <= TURNS; turn++) {
    read_line(ahead);
    if (strcmp(ahead, "Start") == 0) read_line(ahead);
    if (strcmp(ahead, "Quit") == 0) return 0;
    read_line(right);
    read_line(behind);
    read_line(left);
    read_line(distance);
    choose(ahead, right, left, steps);
    printf("%s\n", steps);
    fflush(stdout);
  }
  return 0; /* after 150 turns the program ends on its own */
}
