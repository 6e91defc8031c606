// A correct JavaChallenge2015 ("drop the block") bot in Java.
// Protocol (the real engine): print READY; then, on each of our turns, read
//   id, T, 6 rows of 6 block values, 4 lines "x y D S" (column first), EOD
// and answer one line: U, D, L, R, A or N, flushed at once. The game ends when input closes.
// Strategy: stand still, but flee a falling block, attack a player in the line of fire, and turn to
// face a player lined up with us. While fallen (-1 -1) or cooling down (S > 0) it answers N.
// Build: javac -d build Bot.java   Run: java -cp build Bot
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

public class Bot {
    private static final String DIRS = "UDLR";
    private static final int[] DX = {0, 0, -1, 1};
    private static final int[] DY = {-1, 1, 0, 0};

    private final int[][] blocks = new int[6][6];
    private final int[] px = new int[4], py = new int[4], ps = new int[4];
    private final char[] pd = new char[4];

    /** Is another player standing on a stable block in the line of fire from our block? */
    private boolean enemyInLine(int me, int d) {
        for (int bx = px[me] / 3 + DX[d], by = py[me] / 3 + DY[d]; bx >= 0 && by >= 0 && bx < 6 && by < 6; bx += DX[d], by += DY[d]) {
            if (blocks[by][bx] != 0) continue;
            for (int p = 0; p < 4; p++)
                if (p != me && px[p] >= 0 && px[p] / 3 == bx && py[p] / 3 == by) return true;
        }
        return false;
    }

    private char choose(int me) {
        if (px[me] < 0 || ps[me] > 0) return 'N';
        int facing = DIRS.indexOf(pd[me]);
        if (enemyInLine(me, facing)) return 'A';
        int bx = px[me] / 3, by = py[me] / 3;
        if (blocks[by][bx] > 0) {
            // Our block is falling: head for the nearest stable neighbouring block.
            int best = -1, bestSteps = 99;
            for (int d = 0; d < 4; d++) {
                int nx = bx + DX[d], ny = by + DY[d];
                if (nx < 0 || ny < 0 || nx >= 6 || ny >= 6 || blocks[ny][nx] != 0) continue;
                int steps = d == 0 ? py[me] % 3 + 1 : d == 1 ? 3 - py[me] % 3 : d == 2 ? px[me] % 3 + 1 : 3 - px[me] % 3;
                if (steps < bestSteps) { best = d; bestSteps = steps; }
            }
            return best >= 0 ? DIRS.charAt(best) : 'N';
        }
        for (int d = 0; d < 4; d++) {
            int tx = px[me] + DX[d], ty = py[me] + DY[d];
            if (d == facing || tx < 0 || ty < 0 || tx >= 18 || ty >= 18) continue;
            if (blocks[ty / 3][tx / 3] == 0 && enemyInLine(me, d)) return DIRS.charAt(d);
        }
        return 'N';
    }

    public static void main(String[] args) throws IOException {
        System.out.println("READY");
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        Bot bot = new Bot();
        for (;;) {
            String idLine = in.readLine();
            if (idLine == null) return; // input closed: the game is over
            int me = Integer.parseInt(idLine.trim());
            in.readLine(); // T
            for (int r = 0; r < 6; r++) {
                String[] row = in.readLine().trim().split(" ");
                for (int c = 0; c < 6; c++) bot.blocks[r][c] = Integer.parseInt(row[c]);
            }
            for (int p = 0; p < 4; p++) {
                String[] f = in.readLine().trim().split(" ");
                bot.px[p] = Integer.parseInt(f[0]);
                bot.py[p] = Integer.parseInt(f[1]);
                bot.pd[p] = f[2].charAt(0);
                bot.ps[p] = Integer.parseInt(f[3]);
            }
            in.readLine(); // EOD
            System.out.println(bot.choose(me));
            System.out.flush();
        }
    }
}
