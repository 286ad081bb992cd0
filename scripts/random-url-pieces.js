// Random URL strings for the scripts that check the engine against
// whatwg-url: pieces that matter to the parser (delimiters, dots and
// percent-encoded dots, numbers that look like IPv4 parts, IPv6 pieces,
// drive letters, IDNA-mapped and forbidden code points, controls) strung
// together, a third of them after a scheme, and a base from a short list.
//
//   const random = require("./seeded-random.js").seeded(1);
//   const { randomInput, randomBase, randomString } = require("./random-url-pieces.js").pieces(random);
const pieceList = [
  "/", "/", "\\", ":", ":", "@", "?", "#", ".", "..", "%", "%2e", "%2E", "%41", "%zz", "%00", "%ff",
  "[", "]", "::", "1", "0", "0x", "255", "256", "4294967295", "1.2.3.4", "0x7f.1", "[::1]",
  "[1:2::3:4]", "[::ffff:1.2.3.4]", "a", "b", "C", "z", "-", "_", "~", "localhost", "C:", "c|",
  "xn--", "xn--fa-hia", "ß", "é", "☕", "\u00ad", "\u200d", "ｆ", "。", "．", "\ufffd", "\ud83d\ude00",
  "\ufdd0", "\u{e0001}", "\u0000", "\t", "\n", " ", "\u007f", "\u0080", "^", "|", "`", "{", "<",
  "\"", "'", "=", "&", "+", "!", "$", "file", "http", "https", "ws", "ftp", "sc", "data", "blob",
  "javascript", "mailto",
];
const schemes = ["http", "https", "file", "sc", "ws", "ftp", "HtTp", "blob", "data"];
const afterScheme = [":", "://", ":/", ":\\\\", "://u@"];
const bases = [null, null, "http://example.org/foo/bar?q#f", "https://u:p@h:81/a/b/c", "file:///C:/dir/file",
  "file://host/x/y", "sc://h/p/q", "sc:opaque", "data:text/plain,x", "about:blank", "http://[::1]/", "ws://h/"];

module.exports.pieces = function pieces({ rand, pick }) {
  // One to `most` pieces.
  const randomString = (most) => {
    let s = "";
    for (let n = rand(most) + 1; n > 0; n--) s += pick(pieceList);
    return s;
  };
  const randomInput = () => {
    const input = randomString(12);
    return rand(3) === 0 ? pick(schemes) + pick(afterScheme) + input : input;
  };
  return { randomString, randomInput, randomBase: () => pick(bases) };
};
