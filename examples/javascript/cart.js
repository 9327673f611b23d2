'use strict';
// Shopping cart checkout: bulk discounts, coupon codes and shipping, all in integer cents.

function lineTotal(item, bulkThreshold, bulkPercent) {
  let total = item.priceCents * item.quantity;
  if (item.quantity >= bulkThreshold && !item.clearance) {
    total -= Math.floor((total * bulkPercent) / 100);
  }
  return total;
}

function couponDiscount(code, subtotalCents, itemCount) {
  if (code === 'SAVE10') {
    return Math.floor(subtotalCents / 10);
  } else if (code === 'FIVEOFF' && subtotalCents >= 2500) {
    return 500;
  } else if (code === 'BUNDLE' && itemCount >= 5) {
    return Math.min(1500, Math.floor(subtotalCents / 5));
  }
  return 0;
}

function shippingCents(subtotalCents, weightGrams, isMember) {
  if (isMember || subtotalCents >= 5000) {
    return 0;
  }
  let cost = 499;
  let extraWeight = weightGrams - 1000;
  while (extraWeight > 0) {
    cost += 150;
    extraWeight -= 500;
  }
  return cost;
}

function checkout(cart, couponCode, isMember) {
  let subtotal = 0;
  let itemCount = 0;
  let weight = 0;
  for (let i = 0; i < cart.length; i++) {
    const item = cart[i];
    if (item.quantity <= 0) {
      continue;
    }
    subtotal += lineTotal(item, 3, 15);
    itemCount = itemCount + item.quantity;
    weight += item.weightGrams * item.quantity;
  }
  let discount = couponDiscount(couponCode, subtotal, itemCount);
  if (discount > subtotal) {
    discount = subtotal;
  }
  const afterDiscount = subtotal - discount;
  const shipping = shippingCents(afterDiscount, weight, isMember);
  let tax = 0;
  if (afterDiscount > 0 && !isMember) {
    tax = Math.round(afterDiscount * 0.08);
  }
  return { subtotal, discount, shipping, tax, total: afterDiscount + shipping + tax };
}

function formatCents(cents) {
  const dollars = Math.floor(cents / 100);
  const rest = cents % 100;
  return '$' + dollars + '.' + (rest < 10 ? '0' + rest : String(rest));
}

function main() {
  const cart = [
    { name: 'notebook', priceCents: 450, quantity: 4, weightGrams: 300, clearance: false },
    { name: 'pen', priceCents: 120, quantity: 10, weightGrams: 20, clearance: true },
    { name: 'backpack', priceCents: 2999, quantity: 1, weightGrams: 900, clearance: false },
    { name: 'stapler', priceCents: 899, quantity: 0, weightGrams: 400, clearance: false },
  ];
  let failures = 0;
  const check = (label, actual, expected) => {
    console.log(label + ': ' + actual);
    if (actual !== expected) {
      console.error('MISMATCH in ' + label + ': expected ' + expected);
      failures += 1;
    }
  };
  check('notebook line', lineTotal(cart[0], 3, 15), 1530);
  check('pen line', lineTotal(cart[1], 3, 15), 1200);
  const plain = checkout(cart, '', false);
  check('subtotal', formatCents(plain.subtotal), '$57.29');
  check('plain total', formatCents(plain.total), '$61.87');
  const coupon = checkout(cart, 'SAVE10', false);
  check('coupon discount', formatCents(coupon.discount), '$5.72');
  check('coupon total', formatCents(coupon.total), '$55.70');
  const bundle = checkout(cart, 'BUNDLE', false);
  check('bundle shipping', formatCents(bundle.shipping), '$9.49');
  check('bundle total', formatCents(bundle.total), '$59.00');
  const member = checkout(cart, 'BUNDLE', true);
  check('member total', formatCents(member.total), '$45.84');
  check('fiveoff too small', couponDiscount('FIVEOFF', 2000, 1), 0);
  check('heavy shipping', shippingCents(1000, 2600, false), 1099);
  if (failures > 0) {
    console.log(failures + ' checks failed');
    process.exitCode = 1;
  } else {
    console.log('all checks passed');
  }
}

main();
