package io.streamscope.replay.query;

import java.util.List;

/**
 * A parsed streaming query: the stream it reads ({@code orders} in the chapter; whatever name the text uses) and
 * its operations in order.
 *
 * @param text     the query as given
 * @param notation how it was written
 * @param stream   the name the text gives the stream
 * @param steps    the operations, in the order they apply
 */
public record Query(String text, Notation notation, String stream, List<Step> steps) {

    public Query {
        steps = List.copyOf(steps);
    }

    public enum Notation {
        /** A DataFrame chain in Python or Scala spelling. */
        DATAFRAME,
        /** {@code SELECT … FROM stream …}. */
        SQL
    }
}
