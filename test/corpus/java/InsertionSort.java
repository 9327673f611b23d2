import java.util.Arrays;
import java.util.Objects;

public class InsertionSort {
    private static int failures = 0;

    /** Returns a sorted copy of the input, by insertion sort (stable, in place on the copy). */
    static int[] insertionSort(int[] input) {
        int[] values = Arrays.copyOf(input, input.length);
        for (int i = 1; i < values.length; i++) {
            int key = values[i];
            int j = i - 1;
            while (j >= 0 && values[j] > key) {
                values[j + 1] = values[j];
                j--;
            }
            values[j + 1] = key;
        }
        return values;
    }

    private static void check(int[] input, int[] expected) {
        String got = Arrays.toString(insertionSort(input));
        System.out.println("insertionSort(" + Arrays.toString(input) + ") = " + got);
        if (!Objects.equals(got, Arrays.toString(expected))) {
            System.out.println("  MISMATCH: expected " + Arrays.toString(expected));
            failures++;
        }
    }

    public static void main(String[] args) {
        check(new int[] {}, new int[] {});
        check(new int[] {42}, new int[] {42});
        check(new int[] {2, 1}, new int[] {1, 2});
        check(new int[] {5, 2, 4, 6, 1, 3}, new int[] {1, 2, 3, 4, 5, 6});
        check(new int[] {1, 2, 3, 4}, new int[] {1, 2, 3, 4});
        check(new int[] {9, 7, 5, 3, 1}, new int[] {1, 3, 5, 7, 9});
        check(new int[] {3, -2, 3, 0, -2}, new int[] {-2, -2, 0, 3, 3});
        check(new int[] {Integer.MAX_VALUE, Integer.MIN_VALUE, 0}, new int[] {Integer.MIN_VALUE, 0, Integer.MAX_VALUE});
        if (failures > 0) {
            System.exit(1);
        }
        System.out.println("all checks passed");
    }
}
