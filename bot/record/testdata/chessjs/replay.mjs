// Reads a JSON array of PGN texts on standard input, replays each with
// chess.js in strict mode and prints a JSON array of what it found: the
// final FEN, whether the position is checkmate, the number of moves and
// the Result tag, or the error chess.js gave.
import { Chess } from "chess.js";
import { readFileSync } from "node:fs";

const out = JSON.parse(readFileSync(0, "utf8")).map((pgn) => {
  const chess = new Chess();
  try {
    chess.loadPgn(pgn, { strict: true });
  } catch (e) {
    return { error: String(e && e.message ? e.message : e) };
  }
  return {
    fen: chess.fen(),
    checkmate: chess.isCheckmate(),
    moves: chess.history().length,
    result: chess.getHeaders()["Result"] ?? null,
  };
});
console.log(JSON.stringify(out));
