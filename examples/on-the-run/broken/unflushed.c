/* Broken on purpose (either role): the correct C example bot without fflush(stdout). Standard output
 * to a pipe is fully buffered, so its first answer stays in the buffer while it waits for input.
 * Expected verdict: unflushed-output. */
#define FORGET_TO_FLUSH
#include "../c/bot.c"
