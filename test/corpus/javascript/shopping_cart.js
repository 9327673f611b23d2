'use strict';

/** A shopping cart with one optional coupon; prices are in dollars. */
class ShoppingCart {
  constructor() {
    this.items = [];
    this.coupon = null;
  }

  add(name, price, quantity = 1) {
    this.items.push({ name, price, quantity });
    return this;
  }

  applyCoupon(code) {
    this.coupon = code;
    return this;
  }

  /** The amount to pay, rounded to cents: items, minus the coupon, plus shipping under $50. */
  total() {
    let subtotal = 0;
    let itemCount = 0;
    for (const item of this.items) {
      subtotal += item.price * item.quantity;
      itemCount += item.quantity;
    }
    let discount = 0;
    switch (this.coupon) {
      case 'SAVE10':
        discount = subtotal * 0.1;
        break;
      case 'FIVEOFF':
        if (subtotal >= 20) {
          discount = 5;
        }
        break;
      case 'BULK':
        if (itemCount >= 10) {
          discount = subtotal * 0.15;
        }
        break;
      case null:
        break;
      default:
        throw new Error(`unknown coupon ${this.coupon}`);
    }
    const shipping = subtotal - discount >= 50 || itemCount === 0 ? 0 : 4.99;
    return Math.round((subtotal - discount + shipping) * 100) / 100;
  }
}

let failures = 0;
function check(label, got, expected) {
  console.log(`${label} = ${JSON.stringify(got)}`);
  if (JSON.stringify(got) !== JSON.stringify(expected)) {
    console.log(`  MISMATCH: expected ${JSON.stringify(expected)}`);
    failures += 1;
  }
}

function attempt(cart) {
  try {
    return cart.total();
  } catch (error) {
    return `error: ${error.message}`;
  }
}

check('empty cart', attempt(new ShoppingCart()), 0);
check('one book', attempt(new ShoppingCart().add('book', 12.5)), 17.49);
check('free shipping', attempt(new ShoppingCart().add('lamp', 35).add('bulb', 7.5, 2)), 50);
check('SAVE10', attempt(new ShoppingCart().add('lamp', 35).add('bulb', 7.5, 2).applyCoupon('SAVE10')), 49.99);
check('FIVEOFF under 20', attempt(new ShoppingCart().add('pen', 1.2, 3).applyCoupon('FIVEOFF')), 8.59);
check('FIVEOFF', attempt(new ShoppingCart().add('mug', 9.99, 3).applyCoupon('FIVEOFF')), 29.96);
check('BULK', attempt(new ShoppingCart().add('sticker', 0.5, 12).applyCoupon('BULK')), 10.09);
check('BULK too few', attempt(new ShoppingCart().add('sticker', 0.5, 9).applyCoupon('BULK')), 9.49);
check('unknown coupon', attempt(new ShoppingCart().add('pen', 1).applyCoupon('FREE')), 'error: unknown coupon FREE');
if (failures > 0) {
  process.exitCode = 1;
} else {
  console.log('all checks passed');
}
