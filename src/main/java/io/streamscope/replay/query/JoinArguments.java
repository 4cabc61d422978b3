package io.streamscope.replay.query;

import java.util.List;
import java.util.Optional;

/** What follows the other side in {@code join(other, on, how)}: the columns or the condition, and the join type. */
record JoinArguments(List<String> using, Optional<Expr> condition, String how) {
}
