/* The raw floor: the same exchange botjury has with a bot, over a bare pipe, timed the way botjury
 * times it (CLOCK_MONOTONIC right after write(2) returns, to right after the read(2) that completes the
 * answer's line). Nothing can measure the exchange faster than this.
 *   rawfloor MESSAGES -- BOT [ARGS...]
 * MESSAGES: the jury's turn messages, one per paragraph (separated by an empty line). The bot must print
 * one line first (READY, not timed: it includes the bot's start-up), then one line per message.
 * Prints one reply time per message on stdout, in nanoseconds. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void die(const char *what) { perror(what); exit(2); }

/* Reads until a newline arrives; returns the time right after the read that brought it. */
static long long read_line(int fd) {
    char buf[4096];
    for (;;) {
        ssize_t n = read(fd, buf, sizeof buf);
        if (n <= 0) { fprintf(stderr, "rawfloor: the bot closed its output\n"); exit(2); }
        long long at = now_ns();
        if (memchr(buf, '\n', (size_t)n)) return at;
    }
}

int main(int argc, char **argv) {
    long long gap_ns = 0;
    if (argc > 2 && !strcmp(argv[1], "--gap-us")) { gap_ns = atoll(argv[2]) * 1000; argv += 2; argc -= 2; }
    if (argc < 4 || strcmp(argv[2], "--")) { fprintf(stderr, "usage: rawfloor [--gap-us N] MESSAGES -- BOT [ARGS...]\n"); return 2; }
    FILE *f = fopen(argv[1], "r");
    if (!f) die(argv[1]);
    static char text[1 << 24];
    size_t size = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[size] = 0;

    int to_bot[2], from_bot[2];
    if (pipe(to_bot) || pipe(from_bot)) die("pipe");
    signal(SIGPIPE, SIG_IGN);
    pid_t pid = fork();
    if (pid < 0) die("fork");
    if (pid == 0) {
        dup2(to_bot[0], 0);
        dup2(from_bot[1], 1);
        close(to_bot[0]); close(to_bot[1]); close(from_bot[0]); close(from_bot[1]);
        execv(argv[3], argv + 3);
        die(argv[3]);
    }
    close(to_bot[0]);
    close(from_bot[1]);
    read_line(from_bot[0]); /* READY */

    /* Messages are paragraphs; each is written with one write(2), as botjury writes a turn. */
    char *msg = text;
    while (*msg) {
        char *end = strstr(msg, "\n\n");
        size_t len = end ? (size_t)(end - msg) + 1 : strlen(msg);
        if (gap_ns > 0) {
            struct timespec gap = { gap_ns / 1000000000LL, gap_ns % 1000000000LL };
            nanosleep(&gap, NULL);
        }
        long long t0 = now_ns();
        if (write(to_bot[1], msg, len) != (ssize_t)len) die("write");
        long long t1 = read_line(from_bot[0]);
        printf("%lld\n", t1 - t0);
        msg += len;
        while (*msg == '\n') msg++;
    }
    close(to_bot[1]);
    int status;
    waitpid(pid, &status, 0);
    return 0;
}
