/* A correct On The Run bot (CodeCup 2007) in C for both roles, chosen by the first line it reads.
 *
 * As the fugitive it takes the connection that keeps it out of reach of the detectives (more than
 * three connections away counts as safe), then away from the city the detectives were last told,
 * then far from all of them. As the detectives it spreads them out, then moves them towards the last
 * city they were told (the start city, then each announcement), never two into one city.
 *
 * It reads connect.txt up to END (the demonstration files carry display data after it), flushes
 * after every answer, exits on Quit, and ends on its own after its move in turn 50.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CITIES 200
#define MAX_LINKS (3 * MAX_CITIES) /* at most one connection per mode to each other city */
#define DETECTIVES 4
#define TURNS 50

static int cities;
static int link_count[MAX_CITIES + 1];
static int link_to[MAX_CITIES + 1][MAX_LINKS];
static char link_mode[MAX_CITIES + 1][MAX_LINKS];

static void read_map(void) {
    char line[256];
    FILE *f = fopen("connect.txt", "r");
    if (!f || !fgets(line, sizeof line, f)) {
        fprintf(stderr, "cannot read connect.txt\n");
        exit(1);
    }
    cities = atoi(line);
    while (fgets(line, sizeof line, f)) {
        char mode;
        int a, b;
        if (strncmp(line, "END", 3) == 0) break; /* anything after END is display data */
        if (sscanf(line, " %c %d-%d", &mode, &a, &b) != 3) continue;
        link_to[a][link_count[a]] = b;
        link_mode[a][link_count[a]++] = mode;
        link_to[b][link_count[b]] = a;
        link_mode[b][link_count[b]++] = mode;
    }
    fclose(f);
}

/* dist[c] = fewest connections (any mode) from source to c. */
static void distances(int source, int dist[]) {
    int queue[MAX_CITIES + 1], head = 0, tail = 0;
    for (int c = 1; c <= cities; c++) dist[c] = -1;
    dist[source] = 0;
    queue[tail++] = source;
    while (head < tail) {
        int c = queue[head++];
        for (int i = 0; i < link_count[c]; i++) {
            int to = link_to[c][i];
            if (dist[to] < 0) {
                dist[to] = dist[c] + 1;
                queue[tail++] = to;
            }
        }
    }
}

/* Reads one line; on Quit (or end of input) the game is over and the bot exits normally. */
static void read_line(char *buf, int size) {
    if (!fgets(buf, size, stdin) || strncmp(buf, "Quit", 4) == 0) exit(0);
}

static int read_int(void) {
    char buf[64];
    read_line(buf, sizeof buf);
    return atoi(buf);
}

static void answer_done(void) {
#ifndef FORGET_TO_FLUSH
    fflush(stdout);
#endif
}

static int contains(const int *list, int n, int city) {
    for (int i = 0; i < n; i++)
        if (list[i] == city) return 1;
    return 0;
}

/* ---- the fugitive ---- */

static int det_dist[DETECTIVES][MAX_CITIES + 1];

static void detective_distances(const int *detectives) {
    for (int d = 0; d < DETECTIVES; d++) distances(detectives[d], det_dist[d]);
}

static int nearest_detective(int city) {
    int best = 1 << 30;
    for (int d = 0; d < DETECTIVES; d++)
        if (det_dist[d][city] < best) best = det_dist[d][city];
    return best;
}

static int min_int(int a, int b) { return a < b ? a : b; }

static void play_fugitive(void) {
    int detectives[DETECTIVES], told_dist[MAX_CITIES + 1];
    for (int d = 0; d < DETECTIVES; d++) detectives[d] = read_int();
    detective_distances(detectives);

    int at = 0, best = -1;
    for (int c = 1; c <= cities; c++) {
        int score = nearest_detective(c) * 100 + link_count[c];
        if (!contains(detectives, DETECTIVES, c) && score > best) best = score, at = c;
    }
    printf("%d\n", at);
    answer_done();
    int told = at;

    for (int turn = 1; turn <= TURNS; turn++) {
        if (turn > 1) {
            for (int d = 0; d < DETECTIVES; d++) detectives[d] = read_int();
            detective_distances(detectives);
        }
        distances(told, told_dist);
        int choice = 0;
        long best_score = -1;
        for (int i = 0; i < link_count[at]; i++) {
            int to = link_to[at][i];
            long sum = 0;
            for (int d = 0; d < DETECTIVES; d++) sum += det_dist[d][to];
            long score = min_int(3, nearest_detective(to)) * 100000L + min_int(9, told_dist[to]) * 1000L + sum;
            if (score > best_score) best_score = score, choice = i;
        }
        printf("%c %d\n", link_mode[at][choice], link_to[at][choice]);
        answer_done();
        at = link_to[at][choice];
        if (turn % 5 == 0) told = at; /* the detectives are told where the fugitive is */
    }
}

/* ---- the detectives ---- */

static int options[DETECTIVES][MAX_LINKS], option_count[DETECTIVES];

/* Picks destinations for detectives i.. in option order, no city twice; 1 when it found a full set. */
static int assign(int i, int *chosen) {
    if (i == DETECTIVES) return 1;
    for (int k = 0; k < option_count[i]; k++) {
        int city = options[i][k];
        if (contains(chosen, i, city)) continue;
        chosen[i] = city;
        if (assign(i + 1, chosen)) return 1;
    }
    return 0;
}

static void write_detectives(const int *cops) {
    for (int d = 0; d < DETECTIVES; d++) printf("%d\n", cops[d]);
    answer_done();
}

static void play_detectives(void) {
    int cops[DETECTIVES], dist[MAX_CITIES + 1];
    char buf[64];

    /* Spread out: city 1, then each time the city farthest from those chosen. */
    for (int d = 0; d < DETECTIVES; d++) cops[d] = 1;
    for (int n = 1; n < DETECTIVES; n++) {
        detective_distances(cops); /* rows 0..n-1 are the chosen ones */
        int best = -1;
        for (int c = 1; c <= cities; c++) {
            if (contains(cops, n, c)) continue;
            int near = 1 << 30;
            for (int d = 0; d < n; d++)
                if (det_dist[d][c] < near) near = det_dist[d][c];
            if (near > best) best = near, cops[n] = c;
        }
    }
    write_detectives(cops);
    int target = read_int(); /* the fugitive's start city */

    for (int turn = 1; turn <= TURNS; turn++) {
        char mode;
        int city;
        read_line(buf, sizeof buf); /* the mode; on every fifth turn the mode and the city */
        if (sscanf(buf, " %c %d", &mode, &city) == 2) target = city;
        distances(target, dist);
        for (int d = 0; d < DETECTIVES; d++) {
            /* Neighbouring cities, nearest to the target first (insertion sort, duplicates skipped). */
            option_count[d] = 0;
            for (int i = 0; i < link_count[cops[d]]; i++) {
                int to = link_to[cops[d]][i], k;
                if (contains(options[d], option_count[d], to)) continue;
                for (k = option_count[d]; k > 0 && dist[options[d][k - 1]] > dist[to]; k--) options[d][k] = options[d][k - 1];
                options[d][k] = to;
                option_count[d]++;
            }
        }
        int chosen[DETECTIVES];
        if (!assign(0, chosen)) memcpy(chosen, cops, sizeof chosen); /* cannot happen on a proper map */
        memcpy(cops, chosen, sizeof cops);
        write_detectives(cops);
    }
}

int main(void) {
    char role[64];
    read_map();
    read_line(role, sizeof role);
    if (strncmp(role, "Fugitive", 8) == 0) play_fugitive();
    else play_detectives();
    return 0; /* after the move in turn 50: end on our own */
}
