import java.util.Arrays;
import java.util.Objects;

public class QuickSort {
    private static int failures = 0;

    /** Sorts values[low..high] (inclusive) in place: Hoare partition around the middle element. */
    static void quickSort(int[] values, int low, int high) {
        if (low >= high) {
            return;
        }
        int pivot = values[low + (high - low) / 2];
        int i = low;
        int j = high;
        while (i <= j) {
            while (values[i] < pivot) {
                i++;
            }
            while (values[j] > pivot) {
                j--;
            }
            if (i <= j) {
                int tmp = values[i];
                values[i] = values[j];
                values[j] = tmp;
                i++;
                j--;
            }
        }
        quickSort(values, low, j);
        quickSort(values, i, high);
    }

    private static void check(int[] input, int[] expected) {
        int[] values = Arrays.copyOf(input, input.length);
        quickSort(values, 0, values.length - 1);
        String got = Arrays.toString(values);
        System.out.println("quickSort(" + Arrays.toString(input) + ") = " + got);
        if (!Objects.equals(got, Arrays.toString(expected))) {
            System.out.println("  MISMATCH: expected " + Arrays.toString(expected));
            failures++;
        }
    }

    public static void main(String[] args) {
        check(new int[] {}, new int[] {});
        check(new int[] {1}, new int[] {1});
        check(new int[] {2, 1}, new int[] {1, 2});
        check(new int[] {3, 6, 8, 10, 1, 2, 1}, new int[] {1, 1, 2, 3, 6, 8, 10});
        check(new int[] {5, 5, 5, 5}, new int[] {5, 5, 5, 5});
        check(new int[] {10, 9, 8, 7, 6, 5, 4, 3, 2, 1}, new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
        check(new int[] {-4, 12, 0, -4, 7, 3, 12, -9}, new int[] {-9, -4, -4, 0, 3, 7, 12, 12});
        if (failures > 0) {
            System.exit(1);
        }
        System.out.println("all checks passed");
    }
}
