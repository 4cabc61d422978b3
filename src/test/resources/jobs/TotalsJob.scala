package shop

import org.apache.spark.sql.{DataFrame, SparkSession}
import org.apache.spark.sql.functions._
import org.apache.spark.sql.streaming.{OutputMode, Trigger}
import org.apache.spark.sql.types._

case class Order(order_id: Int, customer_id: Int, amount: BigDecimal, order_ts: java.sql.Timestamp)

object TotalsJob {

  val schema: StructType = StructType(Seq(
    StructField("order_id", IntegerType, nullable = true),
    StructField("customer_id", IntegerType),
    StructField("amount", DecimalType(10, 2)),
    StructField("order_ts", TimestampType)
  ))

  def main(args: Array[String]): Unit = {
    val spark = SparkSession.builder()
      .appName("totals")
      .getOrCreate()
    import spark.implicits._

    val orders = spark.readStream
      .format("kafka")
      .options(Map("kafka.bootstrap.servers" -> "localhost:9092", "subscribe" -> "orders"))
      .load()
      .select(from_json(col("value").cast(StringType), schema).as("o"))
      .select($"o.*")

    val totals = orders
      .groupBy($"customer_id")
      .agg(sum($"amount").as("total"))

    totals.writeStream
      .outputMode(OutputMode.Update())
      .trigger(Trigger.ProcessingTime("30 seconds"))
      .option("checkpointLocation", "/data/chk/shop-totals-update")
      .foreachBatch { (batch: DataFrame, id: Long) =>
        batch.write.mode("append").parquet("/data/out")
      }
      .start()
      .awaitTermination()
  }
}
