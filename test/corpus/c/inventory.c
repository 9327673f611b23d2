#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ITEMS 8

struct item {
    char name[16];
    int quantity;
};

struct inventory {
    struct item items[MAX_ITEMS];
    int count;
};

static int inventory_add(struct inventory *inv, const char *name, int quantity) {
    if (inv->count == MAX_ITEMS || strlen(name) >= sizeof inv->items[0].name) {
        return 0;
    }
    strcpy(inv->items[inv->count].name, name);
    inv->items[inv->count].quantity = quantity;
    inv->count++;
    return 1;
}

/* Takes quantity units of name out of stock; returns the units left, or -1 when there are not enough. */
int inventory_remove(struct inventory *inv, const char *name, int quantity) {
    if (quantity <= 0) {
        return -1;
    }
    for (int i = 0; i < inv->count; i++) {
        struct item *it = &inv->items[i];
        if (strcmp(it->name, name) != 0) {
            continue;
        }
        if (it->quantity < quantity) {
            return -1;
        }
        it->quantity -= quantity;
        int left = it->quantity;
        if (left == 0) {
            for (int j = i; j + 1 < inv->count; j++) {
                inv->items[j] = inv->items[j + 1];
            }
            inv->count--;
        }
        return left;
    }
    return -1;
}

int main(void) {
    struct inventory inv = {.count = 0};
    inventory_add(&inv, "bolt", 40);
    inventory_add(&inv, "nut", 12);
    inventory_add(&inv, "washer", 5);
    inventory_add(&inv, "gear", 3);
    struct {
        const char *name;
        int quantity;
        int left;
        int count;
    } steps[] = {
        {"bolt", 15, 25, 4},
        {"nut", 12, 0, 3},
        {"nut", 1, -1, 3},
        {"washer", 6, -1, 3},
        {"gear", 0, -1, 3},
        {"bolt", 25, 0, 2},
        {"gear", 2, 1, 2},
        {"sprocket", 1, -1, 2},
    };
    int failures = 0;
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        int left = inventory_remove(&inv, steps[i].name, steps[i].quantity);
        printf("inventory_remove(%s, %d) = %d, %d items\n", steps[i].name, steps[i].quantity, left, inv.count);
        if (left != steps[i].left || inv.count != steps[i].count) {
            printf("  expected %d, %d items\n", steps[i].left, steps[i].count);
            failures++;
        }
    }
    const char *first = inv.count > 0 ? inv.items[0].name : "";
    printf("first item = %s\n", first);
    if (strcmp(first, "washer") != 0) {
        printf("  expected washer\n");
        failures++;
    }
    if (failures > 0) {
        printf("%d check(s) failed\n", failures);
        return EXIT_FAILURE;
    }
    printf("all checks passed\n");
    return EXIT_SUCCESS;
}
