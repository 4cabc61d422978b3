package io.streamscope.replay;

import java.util.Locale;
import java.util.Optional;

/** The stream-stream join types Spark runs (append mode only), spelt as {@code join(…, how)} takes them. */
public enum JoinType {
    INNER("Inner"), LEFT_OUTER("LeftOuter"), RIGHT_OUTER("RightOuter"), FULL_OUTER("FullOuter"), LEFT_SEMI("LeftSemi");

    private final String sparkName;

    JoinType(String sparkName) {
        this.sparkName = sparkName;
    }

    /** As Spark prints the type in its messages ({@code LeftOuter}). */
    public String sparkName() {
        return sparkName;
    }

    /** Spark's {@code JoinType(typ)} spellings; empty for a type a stream-stream join cannot have. */
    public static Optional<JoinType> parse(String how) {
        return Optional.ofNullable(switch (how.toLowerCase(Locale.ROOT).replace("_", "")) {
            case "inner" -> INNER;
            case "left", "leftouter" -> LEFT_OUTER;
            case "right", "rightouter" -> RIGHT_OUTER;
            case "outer", "full", "fullouter" -> FULL_OUTER;
            case "leftsemi", "semi" -> LEFT_SEMI;
            default -> null;
        });
    }

    boolean emitsUnmatchedLeft() {
        return this == LEFT_OUTER || this == FULL_OUTER;
    }

    boolean emitsUnmatchedRight() {
        return this == RIGHT_OUTER || this == FULL_OUTER;
    }
}
