import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

public class Inventory {
    private static int failures = 0;

    private final Map<String, Integer> stock = new TreeMap<>();
    private final Map<String, Integer> reserved = new HashMap<>();

    void add(String sku, int quantity) {
        stock.merge(sku, quantity, Integer::sum);
    }

    void reserve(String sku, int quantity) {
        reserved.merge(sku, quantity, Integer::sum);
    }

    /** Takes items out of stock, never touching reserved ones; returns what happened. */
    String remove(String sku, int quantity) {
        if (sku == null || sku.isEmpty()) {
            return "invalid sku";
        }
        if (quantity <= 0) {
            return "invalid quantity " + quantity;
        }
        Integer onHand = stock.get(sku);
        if (onHand == null) {
            return "unknown " + sku;
        }
        int held = reserved.getOrDefault(sku, 0);
        int free = onHand - held;
        if (quantity > free) {
            return "only " + free + " free";
        }
        int left = onHand - quantity;
        if (left == 0 && held == 0) {
            stock.remove(sku);
            return "sold out " + sku;
        } else if (left < 5) {
            stock.put(sku, left);
            return "low stock " + left;
        } else {
            stock.put(sku, left);
            return "ok " + left;
        }
    }

    private static void check(String label, Object got, Object expected) {
        System.out.println(label + " = " + got);
        if (!Objects.equals(got, expected)) {
            System.out.println("  MISMATCH: expected " + expected);
            failures++;
        }
    }

    public static void main(String[] args) {
        Inventory inventory = new Inventory();
        inventory.add("bolt", 20);
        inventory.add("nut", 6);
        inventory.add("gear", 3);
        inventory.reserve("nut", 2);
        check("remove(bolt, 4)", inventory.remove("bolt", 4), "ok 16");
        check("remove(bolt, 0)", inventory.remove("bolt", 0), "invalid quantity 0");
        check("remove(\"\", 1)", inventory.remove("", 1), "invalid sku");
        check("remove(null, 1)", inventory.remove(null, 1), "invalid sku");
        check("remove(washer, 1)", inventory.remove("washer", 1), "unknown washer");
        check("remove(nut, 5)", inventory.remove("nut", 5), "only 4 free");
        check("remove(nut, 4)", inventory.remove("nut", 4), "low stock 2");
        check("remove(gear, 3)", inventory.remove("gear", 3), "sold out gear");
        check("remove(bolt, 13)", inventory.remove("bolt", 13), "low stock 3");
        check("stock", inventory.stock.toString(), "{bolt=3, nut=2}");
        if (failures > 0) {
            System.exit(1);
        }
        System.out.println("all checks passed");
    }
}
