package io.streamscope.replay.query;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A job's {@code spark.readStream…load()} (or {@code table(…)}): the source's format and options, in PySpark or
 * Scala spelling.
 */
final class ReadStreamParser {

    private final JobVariables job;

    ReadStreamParser(JobVariables job) {
        this.job = job;
    }

    /** After {@code spark.readStream}: the source up to and including its {@code load()}. */
    JobStream parse(Tokens t) throws QueryException {
        int position = t.peek().start();
        String format = null;
        Map<String, String> options = new LinkedHashMap<>();
        while (t.accept(".")) {
            Token method = t.expectKind(Token.Kind.IDENT, "a readStream method");
            t.expect("(", "after " + method.value());
            switch (method.value()) {
                case "format" -> {
                    format = job.literalText(t);
                    t.skipArguments();
                }
                case "option" -> job.option(t.expectKind(Token.Kind.STRING, "an option name"), t, options);
                case "options" -> job.keywordOptions(t, options);
                case "load", "table" -> {
                    if (method.value().equals("table") && format == null) {
                        format = "table";
                    }
                    t.skipArguments();
                    return new JobStream(format == null ? "unknown" : format, options, position);
                }
                case "kafka" -> {
                    format = "kafka";
                    t.skipArguments();
                }
                default -> t.skipArguments();
            }
        }
        throw t.error("spark.readStream…: expected .load() to end the source", t.peek());
    }
}
