/* The bench's JavaChallenge2015 bot: READY, then after each turn message (ending in an EOD line) it
 * waits a chosen time and answers N. It reads with read(2) and writes with write(2), no stdio buffers,
 * so its own clock stamps are as close to the pipe as a bot can be.
 *   benchbot [--log FILE] [--sleep-ms MIN MAX]
 * --sleep-ms: after reading a turn, sleep until read-complete + a uniform time in [MIN, MAX] ms
 *             (clock_nanosleep, absolute CLOCK_MONOTONIC deadline); without it: answer at once.
 * --log:      print "benchbot <pid>" on stderr, append "S <pid> <ns>" at start, "R <ns>" when a turn's read completed, and
 *             "W <read ns> <before-write ns> <after-write ns>" around the answer's write (CLOCK_MONOTONIC,
 *             the clock botjury stamps with), so the bench knows which turns the bot read and its true
 *             reply time. The answer enters the pipe during the write; the stamp after it can be late
 *             by however long the scheduler runs the reader the write woke, so both are logged. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void write_all(int fd, const char *s, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, s, n);
        if (w <= 0) exit(0); /* the jury closed the pipe: the game is over for us */
        s += w;
        n -= (size_t)w;
    }
}

static void log_line(int fd, const char *fmt, long long a, long long b, long long c) {
    if (fd < 0) return;
    char line[80];
    int n = snprintf(line, sizeof line, fmt, a, b, c);
    write_all(fd, line, (size_t)n);
}

int main(int argc, char **argv) {
    int log_fd = -1;
    long long min_ns = 0, max_ns = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--log") && i + 1 < argc) {
            log_fd = open(argv[++i], O_WRONLY | O_CREAT | O_APPEND, 0644);
            if (log_fd < 0) { perror(argv[i]); return 3; }
        } else if (!strcmp(argv[i], "--sleep-ms") && i + 2 < argc) {
            min_ns = (long long)(atof(argv[i + 1]) * 1e6);
            max_ns = (long long)(atof(argv[i + 2]) * 1e6);
            i += 2;
        } else {
            fprintf(stderr, "usage: benchbot [--log FILE] [--sleep-ms MIN MAX]\n");
            return 3;
        }
    }
    srand48((long)getpid());
    if (log_fd >= 0) {
        /* The report keeps the head of the bot's stderr: this pairs each result with its log. */
        char who[40];
        int n = snprintf(who, sizeof who, "benchbot %lld\n", (long long)getpid());
        write_all(2, who, (size_t)n);
    }
    log_line(log_fd, "S %lld %lld\n", (long long)getpid(), now_ns(), 0);
    write_all(1, "READY\n", 6);

    char buf[65536];
    size_t len = 0;
    for (;;) {
        ssize_t got = read(0, buf + len, sizeof buf - len);
        if (got <= 0) return 0; /* input closed: the game is over */
        long long read_ns = now_ns();
        len += (size_t)got;
        /* Answer once per complete EOD line; keep an unfinished line for the next read. */
        size_t start = 0;
        for (size_t i = 0; i < len; i++) {
            if (buf[i] != '\n') continue;
            int eod = i - start == 3 && !memcmp(buf + start, "EOD", 3);
            start = i + 1;
            if (!eod) continue;
            if (max_ns > 0) {
                log_line(log_fd, "R %lld\n", read_ns, 0, 0);
                long long wait = min_ns + (long long)(drand48() * (double)(max_ns - min_ns));
                long long until = read_ns + wait;
                struct timespec ts = { until / 1000000000LL, until % 1000000000LL };
                while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) != 0) {}
            }
            long long before_write_ns = now_ns();
            write_all(1, "N\n", 2);
            long long after_write_ns = now_ns();
            log_line(log_fd, "W %lld %lld %lld\n", read_ns, before_write_ns, after_write_ns);
        }
        memmove(buf, buf + start, len - start);
        len -= start;
        if (len == sizeof buf) len = 0; /* a line longer than the buffer: not the jury's */
    }
}
