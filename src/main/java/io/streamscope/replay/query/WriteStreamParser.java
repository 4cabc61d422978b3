package io.streamscope.replay.query;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A job's {@code df.writeStream…start()} (or {@code toTable(…)}): the sink's format, output mode, trigger,
 * {@code foreachBatch} function, query name and options, in PySpark or Scala spelling.
 */
final class WriteStreamParser {

    private final JobVariables job;

    WriteStreamParser(JobVariables job) {
        this.job = job;
    }

    /** After {@code .writeStream}: the sink's settings up to {@code start()}/{@code toTable()}. */
    JobQuery parse(JobFrame frame, Token writeStream, Tokens t) throws QueryException {
        Optional<String> mode = Optional.empty();
        Optional<JobTrigger> trigger = Optional.empty();
        Optional<String> format = Optional.empty();
        Optional<String> foreachBatch = Optional.empty();
        Optional<String> queryName = Optional.empty();
        Map<String, String> options = new LinkedHashMap<>();
        while (t.accept(".")) {
            Token method = t.expectKind(Token.Kind.IDENT, "a writeStream method");
            if (t.peek().is("{")) { // Scala: foreachBatch { (df, id) => … }
                t.next();
                t.skipArguments();
                if (method.value().equals("foreachBatch")) {
                    foreachBatch = Optional.of("a function literal");
                }
                continue;
            }
            if (!t.accept("(")) {
                continue;
            }
            switch (method.value()) {
                case "outputMode" -> {
                    mode = Optional.ofNullable(outputMode(t));
                    t.skipArguments();
                }
                case "format" -> {
                    format = Optional.ofNullable(job.literalText(t));
                    t.skipArguments();
                }
                case "queryName" -> {
                    queryName = Optional.ofNullable(job.literalText(t));
                    t.skipArguments();
                }
                case "option" -> {
                    if (t.peek().kind() == Token.Kind.STRING) {
                        job.option(t.next(), t, options);
                    } else {
                        t.skipArguments();
                    }
                }
                case "options" -> job.keywordOptions(t, options);
                case "trigger" -> trigger = Optional.ofNullable(trigger(t));
                case "foreachBatch" -> {
                    Token function = t.peek();
                    foreachBatch = Optional.of(function.kind() == Token.Kind.IDENT && (t.peek(1).is(")"))
                            ? function.value() : "a function literal");
                    t.skipArguments();
                }
                case "foreach" -> {
                    format = Optional.of("foreach");
                    t.skipArguments();
                }
                case "start" -> {
                    String path = t.peek().is(")") ? null : job.literalText(t);
                    if (path != null) {
                        options.put("path", path);
                    }
                    t.skipArguments();
                }
                case "toTable" -> {
                    String table = job.literalText(t);
                    if (table != null) {
                        options.put("table", table);
                    }
                    format = format.or(() -> Optional.of("table"));
                    t.skipArguments();
                }
                default -> t.skipArguments();
            }
        }
        return new JobQuery(frame, mode, trigger, format, foreachBatch, queryName, options, writeStream.start());
    }

    /** {@code "update"}, or Scala/Java {@code OutputMode.Update()}. */
    private String outputMode(Tokens t) {
        if (t.peek().kind() == Token.Kind.IDENT && t.peek().value().equals("OutputMode") && t.peek(1).is(".")) {
            t.next();
            t.next();
            String mode = t.next().value().toLowerCase(Locale.ROOT);
            return mode;
        }
        return job.literalText(t);
    }

    /** The trigger after {@code trigger(}, up to and including its {@code )}. */
    private JobTrigger trigger(Tokens t) {
        JobTrigger trigger = null;
        Token token = t.peek();
        if (token.kind() == Token.Kind.IDENT && t.peek(1).is("=")) {
            t.next();
            t.next();
            String value = job.literalText(t);
            trigger = switch (token.value()) {
                case "processingTime" -> new JobTrigger(JobTrigger.Kind.PROCESSING_TIME, Optional.ofNullable(value));
                case "once" -> "true".equals(value) ? new JobTrigger(JobTrigger.Kind.ONCE, Optional.empty()) : null;
                case "availableNow" -> "true".equals(value) ? new JobTrigger(JobTrigger.Kind.AVAILABLE_NOW, Optional.empty()) : null;
                case "continuous" -> new JobTrigger(JobTrigger.Kind.CONTINUOUS, Optional.ofNullable(value));
                default -> null;
            };
        } else if (token.kind() == Token.Kind.IDENT && token.value().equals("Trigger") && t.peek(1).is(".")) {
            t.next();
            t.next();
            Token kind = t.next();
            String interval = null;
            if (t.accept("(")) {
                StringBuilder words = new StringBuilder();
                while (!t.atEnd() && !t.peek().is(")")) {
                    Token part = t.next();
                    if (part.kind() == Token.Kind.STRING || part.kind() == Token.Kind.NUMBER) {
                        words.append(words.isEmpty() ? "" : " ").append(part.value().replaceAll("[Ll]$", ""));
                    } else if (part.kind() == Token.Kind.IDENT && !part.value().equals("TimeUnit")) {
                        words.append(" ").append(part.value().toLowerCase(Locale.ROOT));
                    }
                }
                t.accept(")");
                interval = words.isEmpty() ? null : words.toString();
                if (interval != null && interval.matches("\\d+")) {
                    interval = interval + " milliseconds";
                }
            }
            trigger = switch (kind.value()) {
                case "ProcessingTime" -> new JobTrigger(JobTrigger.Kind.PROCESSING_TIME, Optional.ofNullable(interval));
                case "Once" -> new JobTrigger(JobTrigger.Kind.ONCE, Optional.empty());
                case "AvailableNow" -> new JobTrigger(JobTrigger.Kind.AVAILABLE_NOW, Optional.empty());
                case "Continuous" -> new JobTrigger(JobTrigger.Kind.CONTINUOUS, Optional.ofNullable(interval));
                default -> null;
            };
        }
        t.skipArguments();
        return trigger;
    }
}
