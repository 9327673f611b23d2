import java.util.Objects;

public class FloodFill {
    private static int failures = 0;

    /** Repaints the 4-connected region of `target` cells around (row, col); returns how many changed. */
    static int fill(char[][] grid, int row, int col, char target, char replacement) {
        if (row < 0 || row >= grid.length || col < 0 || col >= grid[row].length) {
            return 0;
        }
        if (grid[row][col] != target || target == replacement) {
            return 0;
        }
        grid[row][col] = replacement;
        int filled = 1;
        filled += fill(grid, row + 1, col, target, replacement);
        filled += fill(grid, row - 1, col, target, replacement);
        filled += fill(grid, row, col + 1, target, replacement);
        filled += fill(grid, row, col - 1, target, replacement);
        return filled;
    }

    private static char[][] gridOf(String... rows) {
        char[][] grid = new char[rows.length][];
        for (int i = 0; i < rows.length; i++) {
            grid[i] = rows[i].toCharArray();
        }
        return grid;
    }

    private static String render(char[][] grid) {
        StringBuilder out = new StringBuilder();
        for (char[] row : grid) {
            out.append(row).append('/');
        }
        return out.toString();
    }

    private static void check(String[] rows, int row, int col, char replacement, String expected) {
        char[][] grid = gridOf(rows);
        char target = row >= 0 && row < grid.length && col >= 0 && col < grid[row].length ? grid[row][col] : '?';
        int count = fill(grid, row, col, target, replacement);
        String got = count + " " + render(grid);
        System.out.println("fill(" + String.join("/", rows) + ", " + row + ", " + col + ", '" + replacement + "') = " + got);
        if (!Objects.equals(got, expected)) {
            System.out.println("  MISMATCH: expected " + expected);
            failures++;
        }
    }

    public static void main(String[] args) {
        String[] picture = {"..##", ".#..", "##.#", "...."};
        check(picture, 0, 0, 'o', "3 oo##/o#../##.#/..../");
        check(picture, 1, 2, 'o', "7 ..##/.#oo/##o#/oooo/");
        check(picture, 0, 2, 'x', "2 ..xx/.#../##.#/..../");
        check(picture, 2, 0, '#', "0 ..##/.#../##.#/..../");
        check(picture, 5, 5, 'o', "0 ..##/.#../##.#/..../");
        check(new String[] {"a"}, 0, 0, 'b', "1 b/");
        check(new String[] {"aaa", "aaa"}, 1, 1, 'z', "6 zzz/zzz/");
        if (failures > 0) {
            System.exit(1);
        }
        System.out.println("all checks passed");
    }
}
