/* Alquerque as played in CodeCup 2008: board, legal moves, end of game, and the protocol loop.
 * Header-only (static functions) so that bot.c and ../broken/memory-hog.c share the same rules
 * while the examples Makefile still builds each .c file on its own.
 * (The Makefile rebuilds a bot only when its .c is newer: after editing this file, `make clean`.)
 *
 * Squares are (column, row) counted from 0: a1 is (0, 0), g7 is (6, 6). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIZE 7
#define MAX_PLIES 200   /* tie once both players have made 100 moves */
#define MAX_PATH 20     /* a capture takes at most 16 pieces: 17 squares */
#define MAX_MOVES 4096  /* more capture sequences than this are never reached in practice */

enum { EMPTY = '.', WHITE = 'W', BLACK = 'B', TIE = 'T' };

typedef struct {
  int n;       /* number of squares: 2 for a plain move, 1 + pieces taken for a capture */
  int capture; /* 1 for a capture (written with '*'), 0 for a plain move ('-') */
  int col[MAX_PATH], row[MAX_PATH];
} Move;

typedef struct {
  char board[SIZE][SIZE]; /* [column][row] */
  char to_move;
  int ply;               /* plies played so far */
  Move last_plain[2];    /* each player's last move if it was plain (n == 0 otherwise) */
} Game;

typedef struct {
  int count;
  Move moves[MAX_MOVES];
} MoveList;

static const int DIRS[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

static char opponent_of(char player) { return player == WHITE ? BLACK : WHITE; }
static int side(char player) { return player == WHITE ? 0 : 1; }
static int on_board(int c, int r) { return c >= 0 && c < SIZE && r >= 0 && r < SIZE; }

/* Lines through a square: orthogonal everywhere (the first 4), diagonal where column + row is even. */
static int direction_count(int c, int r) { return (c + r) % 2 == 0 ? 8 : 4; }

static void game_init(Game *g) {
  memset(g, 0, sizeof *g);
  for (int c = 0; c < SIZE; c++)
    for (int r = 0; r < SIZE; r++) {
      if (r < 3 || (r == 3 && c > 3)) g->board[c][r] = WHITE;
      else if (r > 3 || (r == 3 && c < 3)) g->board[c][r] = BLACK;
      else g->board[c][r] = EMPTY;
    }
  g->to_move = WHITE;
}

static void move_text(const Move *m, char *out) {
  char *p = out;
  for (int i = 0; i < m->n; i++) {
    if (i > 0) *p++ = m->capture ? '*' : '-';
    *p++ = (char)('a' + m->col[i]);
    *p++ = (char)('1' + m->row[i]);
  }
  *p = '\0';
}

/* The jury only sends valid moves, so parsing can be simple. */
static void parse_move(const char *text, Move *m) {
  memset(m, 0, sizeof *m);
  m->capture = strchr(text, '*') != NULL;
  for (const char *p = text; p[0] && p[1] && m->n < MAX_PATH; p += 3) {
    m->col[m->n] = p[0] - 'a';
    m->row[m->n] = p[1] - '1';
    m->n++;
    if (p[2] == '\0') break;
  }
}

static void add_move(MoveList *list, const Move *m) {
  if (list->count < MAX_MOVES) list->moves[list->count++] = *m;
}

/* Extend a capture from the last square of `path`; record it when it cannot go on. */
static void extend_capture(char board[SIZE][SIZE], char player, Move *path, MoveList *list) {
  int c = path->col[path->n - 1], r = path->row[path->n - 1];
  int can_continue = 0;
  for (int d = 0; d < direction_count(c, r); d++) {
    int oc = c + DIRS[d][0], orow = r + DIRS[d][1];
    int lc = c + 2 * DIRS[d][0], lr = r + 2 * DIRS[d][1];
    if (!on_board(lc, lr) || board[oc][orow] != opponent_of(player) || board[lc][lr] != EMPTY) continue;
    can_continue = 1;
    char after[SIZE][SIZE];
    memcpy(after, board, sizeof after);
    after[c][r] = EMPTY; /* jumped pieces are removed at once */
    after[oc][orow] = EMPTY;
    after[lc][lr] = player;
    path->col[path->n] = lc;
    path->row[path->n] = lr;
    path->n++;
    extend_capture(after, player, path, list);
    path->n--;
  }
  if (!can_continue && path->n > 1) add_move(list, path);
}

/* Can the player to move capture anything? */
static int has_capture(const Game *g) {
  for (int c = 0; c < SIZE; c++)
    for (int r = 0; r < SIZE; r++) {
      if (g->board[c][r] != g->to_move) continue;
      for (int d = 0; d < direction_count(c, r); d++) {
        int oc = c + DIRS[d][0], orow = r + DIRS[d][1];
        int lc = c + 2 * DIRS[d][0], lr = r + 2 * DIRS[d][1];
        if (on_board(lc, lr) && g->board[oc][orow] == opponent_of(g->to_move) && g->board[lc][lr] == EMPTY) return 1;
      }
    }
  return 0;
}

static int is_move_back(const Game *g, const Move *m) {
  const Move *prev = &g->last_plain[side(g->to_move)];
  return !m->capture && prev->n == 2 && m->col[0] == prev->col[1] && m->row[0] == prev->row[1] &&
         m->col[1] == prev->col[0] && m->row[1] == prev->row[0];
}

/* A capture is compulsory whenever one exists; otherwise any plain move but the move back. */
static int legal_moves(const Game *g, MoveList *list) {
  list->count = 0;
  for (int c = 0; c < SIZE; c++)
    for (int r = 0; r < SIZE; r++)
      if (g->board[c][r] == g->to_move) {
        Move path = {1, 1, {c}, {r}};
        char board[SIZE][SIZE];
        memcpy(board, g->board, sizeof board);
        extend_capture(board, g->to_move, &path, list);
      }
  if (list->count > 0) return list->count;
  for (int c = 0; c < SIZE; c++)
    for (int r = 0; r < SIZE; r++) {
      if (g->board[c][r] != g->to_move) continue;
      for (int d = 0; d < direction_count(c, r); d++) {
        Move m = {2, 0, {c, c + DIRS[d][0]}, {r, r + DIRS[d][1]}};
        if (on_board(m.col[1], m.row[1]) && g->board[m.col[1]][m.row[1]] == EMPTY && !is_move_back(g, &m))
          add_move(list, &m);
      }
    }
  return list->count;
}

static void game_play(Game *g, const Move *m) {
  char player = g->to_move;
  g->board[m->col[0]][m->row[0]] = EMPTY;
  if (m->capture)
    for (int i = 1; i < m->n; i++)
      g->board[(m->col[i - 1] + m->col[i]) / 2][(m->row[i - 1] + m->row[i]) / 2] = EMPTY;
  g->board[m->col[m->n - 1]][m->row[m->n - 1]] = player;
  if (m->capture) g->last_plain[side(player)].n = 0;
  else g->last_plain[side(player)] = *m;
  g->ply++;
  g->to_move = opponent_of(player);
}

static int piece_count(const Game *g, char player) {
  int n = 0;
  for (int c = 0; c < SIZE; c++)
    for (int r = 0; r < SIZE; r++) n += g->board[c][r] == player;
  return n;
}

/* After a move: the winner, TIE, or 0 while the game goes on. Taking the last piece wins; after 200
 * plies it is a tie (even if the player to move is trapped, as the rule text notes); otherwise a
 * player with no legal move has lost. */
static char game_result(const Game *g) {
  static MoveList scratch;
  char mover = opponent_of(g->to_move);
  if (piece_count(g, g->to_move) == 0) return mover;
  if (g->ply >= MAX_PLIES) return TIE;
  if (legal_moves(g, &scratch) == 0) return mover;
  return 0;
}

static unsigned rng_state;
static unsigned next_random(void) { /* xorshift32: seeded, so games can be replayed */
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 17;
  rng_state ^= rng_state << 5;
  return rng_state;
}

/* A random legal move that leaves the opponent nothing to capture, when there is one (quiet games that
 * can last the full 200 plies against a careful opponent); any legal move otherwise. */
static Move choose_safe_move(const Game *g) {
  static MoveList list;
  static int safe[MAX_MOVES];
  int n = legal_moves(g, &list), safe_count = 0;
  for (int i = 0; i < n; i++) {
    Game after = *g;
    game_play(&after, &list.moves[i]);
    if (!has_capture(&after)) safe[safe_count++] = i;
  }
  if (safe_count > 0) return list.moves[safe[next_random() % (unsigned)safe_count]];
  return list.moves[next_random() % (unsigned)n];
}

/* The protocol loop: read a line, answer with a safe random move, flush, end when the rules say so.
 * `before_my_move` (may be NULL) runs when a move is due, with the number of moves written so far. */
static int run_bot(unsigned seed, void (*before_my_move)(int my_moves)) {
  static Game game;
  char line[256], text[3 * MAX_PATH];
  int my_moves = 0;
  rng_state = seed ? seed : 2008;
  game_init(&game);
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\r\n")] = '\0';
    if (strcmp(line, "Quit") == 0) return 0;
    if (strcmp(line, "Start") != 0) { /* White starts on `Start`; Black on White's first move */
      Move theirs;
      parse_move(line, &theirs);
      game_play(&game, &theirs);
      char result = game_result(&game);
      if (result == TIE) return 0; /* both players end on their own after 100 moves each */
      if (result) continue;        /* we lost: the jury sends Quit */
    }
    if (before_my_move) before_my_move(my_moves);
    Move mine = choose_safe_move(&game);
    move_text(&mine, text);
    printf("%s\n", text);
    fflush(stdout);
    my_moves++;
    game_play(&game, &mine);
    if (game_result(&game)) return 0; /* we won, or it is a tie: end without waiting for Quit */
  }
  return 0; /* input closed */
}
