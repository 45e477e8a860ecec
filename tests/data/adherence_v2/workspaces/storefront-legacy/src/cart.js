module.exports = { cartTotal: (items) => items.reduce((s, i) => s + i.price, 0) };
