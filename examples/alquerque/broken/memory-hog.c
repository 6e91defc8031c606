/* Broken on purpose: after its first move, when its second move is due (so while the jury waits for
 * it), it allocates 200 MiB in 1 MiB steps, writing to every byte so the memory is really used, then
 * plays on correctly and keeps the memory until it exits. CodeCup 2008 allowed 64 MB.
 * Expected verdict: memory-limit. Under a data limit (--memory-mb) malloc fails and the bot says so on
 * stderr ("Cannot allocate memory") and aborts, as a real bot that runs out of memory dies; without a
 * limit its peak memory (VmHWM) shows it. */
#include "../c/alquerque.h"

#define MIB (1024 * 1024)
#define HOG_MIB 200

static char *hoard[HOG_MIB]; /* kept until exit, so the memory stays in use */

static void hog_memory(int my_moves) {
  if (my_moves != 1) return;
  for (int i = 0; i < HOG_MIB; i++) {
    hoard[i] = malloc(MIB);
    if (!hoard[i]) {
      perror("memory-hog: malloc");
      abort();
    }
    memset(hoard[i], i + 1, MIB);
  }
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 2008;
  return run_bot(seed, hog_memory);
}
