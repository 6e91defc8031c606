// Broken on purpose (JavaChallenge2015): parses the contest's first, abandoned input format, as an early
// version of the official Java sample did (D4prog/JavaChallenge2015, SampleAIs/Java/SampleAI.java before
// the 6 x 6 board): id, T, 4 lives, a 40 x 40 board, 4 x (row column), EOD, read with java.util.Scanner.
// On the real message (36 block values, then `x y D S` lines) its nextInt() meets the direction letter
// of the players' lines and throws InputMismatchException: the bot dies at its first turn, before
// answering. Verdict: crash at that turn (ply 1 as player 0, T = 0).
// Build: javac -d build OldFormat.java   Run: java -cp build OldFormat
import java.util.Scanner;

public class OldFormat {
    public static void main(String[] args) {
        int[] lives = new int[4];
        int[][] board = new int[40][40];
        int[] row = new int[4], column = new int[4];
        System.out.println("READY");
        Scanner in = new Scanner(System.in);
        while (true) {
            in.nextInt(); // id
            in.nextInt(); // T
            for (int i = 0; i < 4; i++) lives[i] = in.nextInt();
            for (int i = 0; i < 40; i++)
                for (int j = 0; j < 40; j++) board[i][j] = in.nextInt();
            for (int i = 0; i < 4; i++) {
                row[i] = in.nextInt();
                column[i] = in.nextInt();
            }
            in.next(); // EOD
            System.out.println("N");
        }
    }
}
