import java.util.Objects;

public class MaxSubarray {
    private static int failures = 0;

    /** A slice of an array and its sum; start and end are inclusive. */
    record Slice(int sum, int start, int end) {}

    /** The first non-empty slice with the largest sum (Kadane's algorithm); null for an empty array. */
    static Slice maxSubarray(int[] values) {
        if (values.length == 0) {
            return null;
        }
        int best = values[0];
        int bestStart = 0;
        int bestEnd = 0;
        int current = 0;
        int start = 0;
        for (int i = 0; i < values.length; i++) {
            if (current <= 0) {
                current = values[i];
                start = i;
            } else {
                current += values[i];
            }
            if (current > best) {
                best = current;
                bestStart = start;
                bestEnd = i;
            }
        }
        return new Slice(best, bestStart, bestEnd);
    }

    private static void check(String label, int[] values, Slice expected) {
        Slice got = maxSubarray(values);
        System.out.println("maxSubarray(" + label + ") = " + got);
        if (!Objects.equals(got, expected)) {
            System.out.println("  MISMATCH: expected " + expected);
            failures++;
        }
    }

    public static void main(String[] args) {
        check("[]", new int[] {}, null);
        check("[5]", new int[] {5}, new Slice(5, 0, 0));
        check("[-2,1,-3,4,-1,2,1,-5,4]", new int[] {-2, 1, -3, 4, -1, 2, 1, -5, 4}, new Slice(6, 3, 6));
        check("[-3,-1,-2]", new int[] {-3, -1, -2}, new Slice(-1, 1, 1));
        check("[1,2,3]", new int[] {1, 2, 3}, new Slice(6, 0, 2));
        check("[2,-5,2]", new int[] {2, -5, 2}, new Slice(2, 0, 0));
        check("[0,0,-1,0]", new int[] {0, 0, -1, 0}, new Slice(0, 0, 0));
        check("[-1,3,-1,3,-10,5]", new int[] {-1, 3, -1, 3, -10, 5}, new Slice(5, 1, 3));
        if (failures > 0) {
            System.exit(1);
        }
        System.out.println("all checks passed");
    }
}
