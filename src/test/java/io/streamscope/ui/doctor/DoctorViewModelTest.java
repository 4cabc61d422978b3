package io.streamscope.ui.doctor;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DoctorViewModelTest {

    @Test
    void theSnippetIsInTheJobsLanguage() {
        assertEquals("python", DoctorViewModel.languageOf(null));
        assertEquals("python", DoctorViewModel.languageOf("orders = spark.readStream.format('kafka')"));
        assertEquals("scala", DoctorViewModel.languageOf("val orders = spark.readStream.format(\"kafka\")"));
        assertEquals("scala", DoctorViewModel.languageOf("object Job {\n  def main(args: Array[String]) = ()\n}"));
    }
}
