import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A course grade book: weighted averages with the lowest quiz dropped, letter grades and honours. */
public class GradeBook {
    private static int failures = 0;

    /** Mean quiz score: excused quizzes (negative) skipped, extra credit capped, optionally the lowest dropped. */
    static double quizAverage(int[] quizScores, int maxScore, boolean dropLowest) {
        int total = 0;
        int counted = 0;
        int lowest = Integer.MAX_VALUE;
        for (int i = 0; i < quizScores.length; i++) {
            int score = quizScores[i];
            if (score < 0) {
                continue;
            }
            if (score > maxScore) {
                score = maxScore;
            }
            total += score;
            counted = counted + 1;
            if (score < lowest) {
                lowest = score;
            }
        }
        if (dropLowest && counted >= 3) {
            total -= lowest;
            counted--;
        }
        return counted == 0 ? 0.0 : (double) total / counted;
    }

    /** Final percentage: quizzes 30%, midterm 30%, final exam 40%, with a late penalty per missing day. */
    static double finalPercentage(int[] quizScores, int midterm, int finalExam, int lateDays, double penaltyPerDay) {
        double weighted = 0.3 * quizAverage(quizScores, 100, true);
        weighted += 0.3 * midterm;
        weighted += 0.4 * finalExam;
        int chargedDays = lateDays;
        while (chargedDays > 0 && weighted > 0) {
            weighted -= penaltyPerDay;
            chargedDays--;
        }
        if (weighted < 0) {
            weighted = 0;
        }
        return Math.round(weighted * 10) / 10.0;
    }

    static String letterGrade(double percentage) {
        if (percentage >= 90) {
            return "A";
        } else if (percentage >= 80) {
            return "B";
        } else if (percentage >= 70) {
            return "C";
        } else if (percentage >= 60) {
            return "D";
        }
        return "F";
    }

    static double gradePoints(String letter) {
        switch (letter) {
            case "A": return 4.0;
            case "B": return 3.0;
            case "C": return 2.0;
            case "D": return 1.0;
            default: return 0.0;
        }
    }

    /** Students with at least `minimum` percent and no more than `maxLateDays` late days, in input order. */
    static List<String> honourRoll(String[] names, double[] percentages, int[] lateDays, double minimum,
            int maxLateDays) {
        List<String> honoured = new ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            if (percentages[i] >= minimum && lateDays[i] <= maxLateDays) {
                honoured.add(names[i]);
            }
        }
        return honoured;
    }

    static void expect(String label, String actual, String expected) {
        System.out.println(label + ": " + actual);
        if (!actual.equals(expected)) {
            System.err.println("MISMATCH in " + label + ": expected " + expected);
            failures++;
        }
    }

    public static void main(String[] args) {
        String[] names = {"Ada", "Grace", "Linus", "Barbara"};
        int[][] quizzes = {{90, 85, 100, 40}, {70, 75, 80}, {55, -1, 60}, {95, 98, 105, 99}};
        int[] midterms = {88, 72, 58, 94};
        int[] finals = {92, 81, 49, 97};
        int[] lateDays = {0, 2, 5, 1};
        double[] percentages = new double[names.length];
        String[] letters = new String[names.length];
        double totalPoints = 0;
        for (int i = 0; i < names.length; i++) {
            percentages[i] = finalPercentage(quizzes[i], midterms[i], finals[i], lateDays[i], 1.5);
            letters[i] = letterGrade(percentages[i]);
            totalPoints += gradePoints(letters[i]);
        }
        expect("quiz average", String.valueOf(quizAverage(quizzes[0], 100, true)), "91.66666666666667");
        expect("no drop", String.valueOf(quizAverage(quizzes[3], 100, false)), "98.0");
        expect("percentages", Arrays.toString(percentages), "[90.7, 74.3, 46.8, 95.2]");
        expect("letters", String.join(",", letters), "A,C,F,A");
        expect("class GPA", String.valueOf(totalPoints / names.length), "2.5");
        expect("honour roll", honourRoll(names, percentages, lateDays, 90, 1).toString(), "[Ada, Barbara]");
        System.out.println(failures > 0 ? failures + " checks failed" : "all checks passed");
        if (failures > 0) {
            System.exit(1);
        }
    }
}
