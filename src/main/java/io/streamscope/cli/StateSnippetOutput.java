package io.streamscope.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.StateStoreInfo;
import io.streamscope.doctor.StateSnippet;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * {@code state … --spark-snippet}: {@code {"batchId","operatorId","storeName","path","format":"statestore",
 * "reads":[{"name","what","options":{…}}],"notes":[…],"language","snippet"}}.
 */
final class StateSnippetOutput {

    private StateSnippetOutput() {
    }

    static int print(StateSnippet snippet, String language, long batchId, StateOperatorInfo operator,
                     StateStoreInfo store, PrintStream out) throws UsageException {
        if (!language.equals("python") && !language.equals("scala")) {
            throw new UsageException("--language is python or scala, not " + language);
        }
        try (JsonGenerator json = JsonOutput.pretty(out)) {
            json.writeStartObject();
            json.writeNumberField("batchId", batchId);
            json.writeNumberField("operatorId", operator.operatorId());
            json.writeStringField("storeName", store.storeName());
            json.writeStringField("path", snippet.path());
            json.writeStringField("format", "statestore");
            json.writeArrayFieldStart("reads");
            for (StateSnippet.Read read : snippet.reads()) {
                json.writeStartObject();
                json.writeStringField("name", read.name());
                json.writeStringField("what", read.what());
                json.writeObjectFieldStart("options");
                for (Map.Entry<String, String> option : read.options().entrySet()) {
                    json.writeStringField(option.getKey(), option.getValue());
                }
                json.writeEndObject();
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeArrayFieldStart("notes");
            for (String note : snippet.notes()) {
                json.writeString(note);
            }
            json.writeEndArray();
            json.writeStringField("language", language);
            json.writeStringField("snippet", snippet.code(language));
            json.writeEndObject();
            json.writeRaw('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Cli.OK;
    }
}
