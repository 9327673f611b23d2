import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

public class GradeCounts {
    private static int failures = 0;

    /** How many scores fall in each letter grade; scores outside 0-100 are counted as invalid. */
    static Map<String, Integer> gradeCounts(List<Integer> scores) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (String grade : new String[] {"A", "B", "C", "D", "F"}) {
            counts.put(grade, 0);
        }
        int invalid = 0;
        for (int score : scores) {
            if (score < 0 || score > 100) {
                invalid++;
                continue;
            }
            String grade;
            if (score >= 90) {
                grade = "A";
            } else if (score >= 80) {
                grade = "B";
            } else if (score >= 70) {
                grade = "C";
            } else if (score >= 60) {
                grade = "D";
            } else {
                grade = "F";
            }
            counts.put(grade, counts.get(grade) + 1);
        }
        if (invalid > 0) {
            counts.put("invalid", invalid);
        }
        return counts;
    }

    private static void check(List<Integer> scores, String expected) {
        String got = gradeCounts(scores).toString();
        System.out.println("gradeCounts(" + scores + ") = " + got);
        if (!Objects.equals(got, expected)) {
            System.out.println("  MISMATCH: expected " + expected);
            failures++;
        }
    }

    public static void main(String[] args) {
        check(List.of(), "{A=0, B=0, C=0, D=0, F=0}");
        check(List.of(95), "{A=1, B=0, C=0, D=0, F=0}");
        check(List.of(90, 89, 80, 79, 70, 69, 60, 59, 0, 100), "{A=2, B=2, C=2, D=2, F=2}");
        check(List.of(-1, 101, 50), "{A=0, B=0, C=0, D=0, F=1, invalid=2}");
        check(List.of(72, 88, 91, 65, 72, 30), "{A=1, B=1, C=2, D=1, F=1}");
        check(List.of(100, 100, 100), "{A=3, B=0, C=0, D=0, F=0}");
        if (failures > 0) {
            System.exit(1);
        }
        System.out.println("all checks passed");
    }
}
