/* A correct JavaChallenge2015 ("drop the block") bot in C.
 * Protocol (the real engine): print READY; then, on each of our turns, read
 *   id, T, 6 rows of 6 block values, 4 lines "x y D S" (column first), EOD
 * and answer one line: U, D, L, R, A or N. Flush after every line. The game ends when input closes.
 * Strategy: stand still, but flee a falling block, attack a player in the line of fire, and turn to
 * face a player lined up with us. While fallen (-1 -1) or cooling down (S > 0) it answers N. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int blocks[6][6];
static int px[4], py[4], ps[4];
static char pd[4];

static const char DIRS[] = "UDLR";
static const int DX[4] = {0, 0, -1, 1};
static const int DY[4] = {-1, 1, 0, 0};

static int dir_index(char d) { return (int)(strchr(DIRS, d) - DIRS); }

/* Is a player other than `me` standing on a stable block in the line of fire from our block? */
static int enemy_in_line(int me, int d) {
    int bx = px[me] / 3 + DX[d], by = py[me] / 3 + DY[d];
    for (; bx >= 0 && by >= 0 && bx < 6 && by < 6; bx += DX[d], by += DY[d]) {
        if (blocks[by][bx] != 0) continue;
        for (int p = 0; p < 4; p++)
            if (p != me && px[p] >= 0 && px[p] / 3 == bx && py[p] / 3 == by) return 1;
    }
    return 0;
}

static char choose(int me) {
    if (px[me] < 0 || ps[me] > 0) return 'N';
    int facing = dir_index(pd[me]);
    if (enemy_in_line(me, facing)) return 'A';
    int bx = px[me] / 3, by = py[me] / 3;
    if (blocks[by][bx] > 0) {
        /* Our block is falling: head for the nearest stable neighbouring block. */
        int best = -1, best_steps = 99;
        for (int d = 0; d < 4; d++) {
            int nx = bx + DX[d], ny = by + DY[d];
            if (nx < 0 || ny < 0 || nx >= 6 || ny >= 6 || blocks[ny][nx] != 0) continue;
            int steps = d == 0 ? py[me] % 3 + 1 : d == 1 ? 3 - py[me] % 3 : d == 2 ? px[me] % 3 + 1 : 3 - px[me] % 3;
            if (steps < best_steps) { best = d; best_steps = steps; }
        }
        return best >= 0 ? DIRS[best] : 'N';
    }
    for (int d = 0; d < 4; d++) {
        int tx = px[me] + DX[d], ty = py[me] + DY[d];
        if (d == facing || tx < 0 || ty < 0 || tx >= 18 || ty >= 18) continue;
        if (blocks[ty / 3][tx / 3] == 0 && enemy_in_line(me, d)) return DIRS[d];
    }
    return 'N';
}

int main(void) {
    char eod[16];
    printf("READY\n");
    fflush(stdout);
    for (;;) {
        int id, turn;
        if (scanf("%d %d", &id, &turn) != 2) return 0; /* input closed: the game is over */
        for (int r = 0; r < 6; r++)
            for (int c = 0; c < 6; c++)
                if (scanf("%d", &blocks[r][c]) != 1) return 0;
        for (int p = 0; p < 4; p++)
            if (scanf("%d %d %c %d", &px[p], &py[p], &pd[p], &ps[p]) != 4) return 0;
        if (scanf("%15s", eod) != 1 || strcmp(eod, "EOD") != 0) return 0;
        printf("%c\n", choose(id));
        fflush(stdout);
    }
}
