import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

public class SpiralMatrix {
    private static int failures = 0;

    /** The elements of a rectangular matrix in clockwise spiral order from the top left. */
    static List<Integer> spiralOrder(int[][] matrix) {
        List<Integer> order = new ArrayList<>();
        if (matrix.length == 0) {
            return order;
        }
        int top = 0;
        int bottom = matrix.length - 1;
        int left = 0;
        int right = matrix[0].length - 1;
        while (top <= bottom && left <= right) {
            for (int col = left; col <= right; col++) {
                order.add(matrix[top][col]);
            }
            top++;
            for (int row = top; row <= bottom; row++) {
                order.add(matrix[row][right]);
            }
            right--;
            if (top <= bottom) {
                for (int col = right; col >= left; col--) {
                    order.add(matrix[bottom][col]);
                }
                bottom--;
            }
            if (left <= right) {
                for (int row = bottom; row >= top; row--) {
                    order.add(matrix[row][left]);
                }
                left++;
            }
        }
        return order;
    }

    private static void check(String label, int[][] matrix, String expected) {
        String got = spiralOrder(matrix).toString();
        System.out.println("spiralOrder(" + label + ") = " + got);
        if (!Objects.equals(got, expected)) {
            System.out.println("  MISMATCH: expected " + expected);
            failures++;
        }
    }

    public static void main(String[] args) {
        check("empty", new int[][] {}, "[]");
        check("1x1", new int[][] {{7}}, "[7]");
        check("3x3", new int[][] {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}, "[1, 2, 3, 6, 9, 8, 7, 4, 5]");
        check("3x4", new int[][] {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}}, "[1, 2, 3, 4, 8, 12, 11, 10, 9, 5, 6, 7]");
        check("1x4", new int[][] {{1, 2, 3, 4}}, "[1, 2, 3, 4]");
        check("4x1", new int[][] {{1}, {2}, {3}, {4}}, "[1, 2, 3, 4]");
        check("2x0", new int[][] {{}, {}}, "[]");
        check("4x2", new int[][] {{1, 2}, {3, 4}, {5, 6}, {7, 8}}, "[1, 2, 4, 6, 8, 7, 5, 3]");
        if (failures > 0) {
            System.exit(1);
        }
        System.out.println("all checks passed");
    }
}
