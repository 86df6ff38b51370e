/// The report's inline stylesheet and script. The script only filters what the
/// page already shows: with scripts off, everything is readable.
enum ReportStyle {
    static let css = """
        :root{--ok:#1e7f34;--bad:#b42318;--warn:#a15c00;--skip:#55606e;--amb:#7a2e8e;--bg:#fff;--line:#d8dde3}
        *{box-sizing:border-box}body{font:15px/1.45 -apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;margin:0;color:#1b1f24;background:var(--bg)}
        header,main{max-width:1100px;margin:0 auto;padding:16px 24px}h1{margin:.2em 0}h2{border-bottom:1px solid var(--line);padding-bottom:4px}
        .cards{display:flex;flex-wrap:wrap;gap:12px;align-items:center}.card{border:1px solid var(--line);border-radius:8px;padding:10px 14px;min-width:150px}
        .card b{display:block;font-size:22px}.muted{color:#55606e}.chart{margin:8px 0}
        .filters{position:sticky;top:0;background:#f6f8fa;border-bottom:1px solid var(--line);padding:8px 24px;display:flex;gap:12px;flex-wrap:wrap;z-index:1}
        .filters input[type=search]{flex:1;min-width:200px;padding:4px 8px}.filters select{max-width:280px}body{overflow-x:hidden}
        .feature{margin:24px 0}.desc{white-space:pre-wrap;color:#3b434d}.rule{margin-left:8px;border-left:3px solid var(--line);padding-left:12px}
        details.sc{border:1px solid var(--line);border-left:6px solid var(--skip);border-radius:6px;margin:8px 0;padding:6px 10px}
        details.sc>summary{cursor:pointer;font-weight:600}.tag{font:12px monospace;background:#eef1f4;border-radius:4px;padding:1px 5px;margin-right:4px}
        .passed{border-left-color:var(--ok)!important}.failed{border-left-color:var(--bad)!important}.pending,.undefined{border-left-color:var(--warn)!important}.ambiguous{border-left-color:var(--amb)!important}
        .b{font-size:12px;border-radius:10px;padding:1px 8px;color:#fff;background:var(--skip);font-weight:600}.b.passed{background:var(--ok)}.b.failed{background:var(--bad)}.b.pending,.b.undefined{background:var(--warn)}.b.ambiguous{background:var(--amb)}.b.missing{background:var(--bad)}
        ol.steps{list-style:none;padding-left:8px;margin:6px 0}ol.steps li{margin:2px 0}.kw{font-weight:700}
        li.failed .kw,li.failed{color:var(--bad)}li.skipped{color:var(--skip)}li.pending,li.undefined{color:var(--warn)}li.ambiguous{color:var(--amb)}
        table{border-collapse:collapse;margin:4px 0 4px 16px}td,th{border:1px solid var(--line);padding:2px 8px;text-align:left;vertical-align:top}
        table.matrix{margin:0;width:100%}pre{background:#f6f8fa;border:1px solid var(--line);border-radius:4px;padding:6px 8px;margin:4px 0 4px 16px;white-space:pre-wrap;overflow-wrap:anywhere}
        .error{color:var(--bad);margin-left:16px}.links{margin:6px 0 0}.timeline{margin-left:16px}.timeline h4{margin:6px 0 2px}
        [hidden]{display:none!important}
        @media print{.filters{display:none}details.sc{break-inside:avoid}details:not([open])>*:not(summary){display:block}}
        """

    static let script = """
        (function(){
          var q=document.getElementById('q'),t=document.getElementById('tag'),boxes=document.querySelectorAll('.filters input[type=checkbox]');
          function apply(){
            var text=(q.value||'').toLowerCase(),tag=t.value,on={};
            boxes.forEach(function(b){on[b.value]=b.checked;});
            document.querySelectorAll('details.sc').forEach(function(d){
              var ok=on[d.getAttribute('data-status')]!==false;
              if(ok&&tag){ok=(' '+d.getAttribute('data-tags')+' ').indexOf(' '+tag+' ')>=0;}
              if(ok&&text){ok=d.textContent.toLowerCase().indexOf(text)>=0;}
              d.hidden=!ok;
            });
            document.querySelectorAll('section.feature').forEach(function(s){
              s.hidden=s.querySelectorAll('details.sc:not([hidden])').length===0;
            });
          }
          q.addEventListener('input',apply);t.addEventListener('change',apply);
          boxes.forEach(function(b){b.addEventListener('change',apply);});
          document.querySelector('.filters').hidden=false;
        })();
        """
}
