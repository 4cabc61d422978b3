package io.streamscope.ui.inspector;

/** One SQL conf Spark pinned in the batch's offsets file. */
public record ConfEntry(String key, String value) {
}
