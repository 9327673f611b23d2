import java.util.Objects;

public class LongestCommonSubsequence {
    private static int failures = 0;

    /** One longest common subsequence of two strings (dynamic programming, then a walk back). */
    static String lcs(String a, String b) {
        int n = a.length();
        int m = b.length();
        int[][] table = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                if (a.charAt(i) == b.charAt(j)) {
                    table[i][j] = table[i + 1][j + 1] + 1;
                } else {
                    table[i][j] = Math.max(table[i + 1][j], table[i][j + 1]);
                }
            }
        }
        StringBuilder result = new StringBuilder();
        int i = 0;
        int j = 0;
        while (i < n && j < m) {
            if (a.charAt(i) == b.charAt(j)) {
                result.append(a.charAt(i));
                i++;
                j++;
            } else if (table[i + 1][j] >= table[i][j + 1]) {
                i++;
            } else {
                j++;
            }
        }
        return result.toString();
    }

    private static void check(String a, String b, String expected) {
        String got = lcs(a, b);
        System.out.println("lcs(\"" + a + "\", \"" + b + "\") = \"" + got + "\"");
        if (!Objects.equals(got, expected)) {
            System.out.println("  MISMATCH: expected \"" + expected + "\"");
            failures++;
        }
    }

    public static void main(String[] args) {
        check("ABCBDAB", "BDCABA", "BDAB");
        check("AGGTAB", "GXTXAYB", "GTAB");
        check("abc", "abc", "abc");
        check("abc", "def", "");
        check("", "abc", "");
        check("abc", "", "");
        check("kitten", "sitting", "ittn");
        check("aaaa", "aa", "aa");
        if (failures > 0) {
            System.exit(1);
        }
        System.out.println("all checks passed");
    }
}
