/* SnakeCore (2008) example bot: heads for the nearest free block, dumps its body into a reactor once
 * it holds 4 blocks. Never gives an order the jury would have to skip. Runs until the jury closes its
 * input (a SnakeCore program must never end on its own). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_N 256
#define MAX_LINE 65536
#define DUMP_AT 4

static const char NAMES[4] = {'U', 'L', 'D', 'R'};
static const int DX[4] = {0, -1, 0, 1};
static const int DY[4] = {-1, 0, 1, 0};

enum { OUTSIDE, WALL, REACTOR, LINKED, FOOD, EMPTY };

static int n;
static char field[MAX_N][MAX_N + 2];
static unsigned char linked[MAX_N][MAX_N];
static int head_x, head_y, body_size;
static char line[MAX_LINE];

static int read_line(void) {
    if (!fgets(line, sizeof line, stdin)) return 0;
    line[strcspn(line, "\r\n")] = '\0';
    return 1;
}

static int what(int x, int y) {
    if (x < 0 || y < 0 || x >= n || y >= n) return OUTSIDE;
    char c = field[y][x];
    if (c == 'W') return WALL;
    if (c == 'R') return REACTOR;
    if (linked[y][x]) return LINKED;
    if (c == 'b' || c == 'e') return FOOD;
    return EMPTY;
}

/* Marks a python's cells as linked; the first python is ours. */
static void read_python(int ours) {
    char *p = line;
    strtol(p, &p, 10); /* protected moves left */
    int length = (int)strtol(p, &p, 10);
    for (int i = 0; i < length; i++) {
        int x = (int)strtol(p, &p, 10), y = (int)strtol(p, &p, 10);
        if (x >= 0 && y >= 0 && x < n && y < n) linked[y][x] = 1;
        if (ours && i == 0) head_x = x, head_y = y;
    }
    if (ours) body_size = length - 1;
}

static char choose(void) {
    static int queue_x[MAX_N * MAX_N], queue_y[MAX_N * MAX_N], queue_first[MAX_N * MAX_N];
    static unsigned char seen[MAX_N][MAX_N];
    int goal = body_size >= DUMP_AT ? REACTOR : FOOD;
    int head = 0, tail = 0;
    memset(seen, 0, sizeof seen);
    seen[head_y][head_x] = 1;
    /* Breadth-first search over empty cells to the nearest goal; remember the first step. */
    for (int d = 0; d < 4; d++) {
        int x = head_x + DX[d], y = head_y + DY[d], kind = what(x, y);
        if (kind == goal) return NAMES[d];
        if (kind == EMPTY) {
            seen[y][x] = 1;
            queue_x[tail] = x, queue_y[tail] = y, queue_first[tail] = d, tail++;
        }
    }
    while (head < tail) {
        int cx = queue_x[head], cy = queue_y[head], first = queue_first[head];
        head++;
        for (int d = 0; d < 4; d++) {
            int x = cx + DX[d], y = cy + DY[d], kind = what(x, y);
            if (kind == OUTSIDE || seen[y][x]) continue;
            seen[y][x] = 1;
            if (kind == goal) return NAMES[first];
            if (kind == EMPTY) queue_x[tail] = x, queue_y[tail] = y, queue_first[tail] = first, tail++;
        }
    }
    /* No way to the goal: any step onto an empty cell or a free block, else skip. */
    for (int d = 0; d < 4; d++) {
        int kind = what(head_x + DX[d], head_y + DY[d]);
        if (kind == EMPTY || kind == FOOD) return NAMES[d];
    }
    return 'N';
}

int main(void) {
    while (read_line()) {
        if (strcmp(line, "getName") == 0) {
            printf("CGreedy\n");
            fflush(stdout);
        } else if (strcmp(line, "getAction") == 0) {
            if (!read_line()) break;
            n = atoi(line);
            if (n < 1 || n > MAX_N) return 1;
            int k = 0;
            for (int y = 0; y < n; y++) {
                if (!read_line()) return 0;
                size_t len = strlen(line);
                if (len > MAX_N) len = MAX_N;
                memcpy(field[y], line, len);
                field[y][len] = '\0';
                for (int x = 0; field[y][x]; x++) k += field[y][x] == 'p';
            }
            memset(linked, 0, sizeof linked);
            for (int i = 0; i < k; i++) {
                if (!read_line()) return 0;
                read_python(i == 0);
            }
            printf("%c\n", choose());
            fflush(stdout);
        }
    }
    return 0; /* the jury closed our input: the game is over */
}
