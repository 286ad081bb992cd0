// A seeded random number source for the scripts that generate URL cases,
// so that a seed always makes the same cases: mulberry32, a small PRNG whose
// every output bit is usable.
//
//   const { seeded } = require("./seeded-random.js");
//   const { rand, pick } = seeded(1234);  // rand(n) in 0..n; pick(list)
module.exports.seeded = function seeded(seed) {
  let state = seed >>> 0;
  const rand = (n) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
  return { rand, pick: (xs) => xs[rand(xs.length)] };
};
